import { describe, expect, it } from '@jest/globals';
import { projectStorylines } from '@podcast/corpus';
import { guestCoappearance } from '../src/enrichers/guest-coappearance/guest-coappearance.js';
import { insightDensity } from '../src/enrichers/insight-density/insight-density.js';
import {
  compoundScore,
  insightSentiment,
} from '../src/enrichers/insight-sentiment/insight-sentiment.js';
import { temporalVelocity } from '../src/enrichers/temporal-velocity/temporal-velocity.js';
import { topicCooccurrence } from '../src/enrichers/topic-cooccurrence/topic-cooccurrence.js';
import { topicThemeClusters } from '../src/enrichers/topic-theme-clusters/topic-theme-clusters.js';
import { episode } from './support.js';

describe('insight sentiment', () => {
  it.each([
    ['This approach is great and really effective.', 'positive'],
    ['The flooding damage is a costly crisis.', 'negative'],
    ['The meeting is on Tuesday.', 'neutral'],
    ['This is not good.', 'negative'],
    ['It was risky, but the results were excellent.', 'positive'],
  ])('scores %j as %s', (text, label) => {
    const [row] = insightSentiment({
      episodeId: 'e',
      insights: [{ id: 'i', text, grounded: true, speakers: [] }],
    }).insights;
    expect(row?.label).toBe(label);
  });

  it('stays within -1..1 and strengthens with boosters', () => {
    expect(compoundScore('great great great great great great great')).toBeLessThan(1);
    expect(compoundScore('very good')).toBeGreaterThan(compoundScore('good'));
    expect(compoundScore('')).toBe(0);
  });
});

describe('temporal velocity', () => {
  it('counts episodes per topic per month in the window and measures the trend', () => {
    const end = Date.parse('2026-06-15T00:00:00Z');
    const data = temporalVelocity(
      [
        { publishedMs: Date.parse('2026-06-01T00:00:00Z'), topicIds: ['t:a'] },
        { publishedMs: Date.parse('2026-05-01T00:00:00Z'), topicIds: ['t:a', 't:a'] },
        { publishedMs: Date.parse('2026-01-01T00:00:00Z'), topicIds: ['t:b'] },
        { publishedMs: Date.parse('2020-01-01T00:00:00Z'), topicIds: ['t:b'] },
        { publishedMs: null, topicIds: ['t:c'] },
      ],
      end,
      6,
    );
    expect(data.window_months).toBe(6);
    const a = data.topics.find((t) => t.topic_id === 't:a');
    expect(a?.monthly_counts).toEqual({
      '2026-01': 0,
      '2026-02': 0,
      '2026-03': 0,
      '2026-04': 0,
      '2026-05': 1,
      '2026-06': 1,
    });
    expect(a?.velocity).toBeCloseTo(0.667, 3);
    expect(data.topics.find((t) => t.topic_id === 't:b')?.velocity).toBeCloseTo(-0.333, 3);
    expect(data.topics.map((t) => t.topic_id)).toEqual(['t:a', 't:b', 't:c']);
  });
});

describe('topic co-occurrence', () => {
  it('reports lift and PMI, dropping single pairs when a pair repeats', () => {
    const data = topicCooccurrence([['a', 'b'], ['a', 'b'], ['a', 'c'], []], 10);
    expect(data.episodes_considered).toBe(3);
    expect(data.pairs).toEqual([
      { topic_a_id: 'a', topic_b_id: 'b', episode_count: 2, lift: 1, pmi: 0 },
    ]);
  });
});

describe('guest co-appearance', () => {
  it('pairs people heard together and groups them into communities', () => {
    const data = guestCoappearance([['x', 'y'], ['y', 'z'], ['x', 'y'], ['w']]);
    expect(data.pairs[0]).toEqual({ person_a_id: 'x', person_b_id: 'y', episode_count: 2 });
    expect(data.communities.map((c) => c.person_ids)).toEqual([['w'], ['x', 'y', 'z']]);
  });
});

describe('insight density', () => {
  it('buckets insights by position and reports timing', () => {
    const data = insightDensity(episode(1));
    expect(data.counts).toEqual({ early: 1, mid: 0, late: 1, unknown: 0 });
    expect(data.has_timing).toBe(true);
    const untimed = insightDensity({
      ...episode(2),
      insights: [{ id: 'i', text: '', grounded: false, speakers: [] }],
    });
    expect(untimed).toMatchObject({ has_timing: false, counts: { unknown: 1 } });
  });
});

describe('topic theme clusters', () => {
  const labels = {
    'topic:a1': 'Drainage',
    'topic:a2': 'culverts',
    'topic:a3': 'storm sewers',
    'topic:a4': 'flood maps',
    'topic:b1': 'Sleep',
    'topic:b2': 'insomnia',
    'topic:b3': 'naps',
    'topic:b4': 'melatonin',
    'topic:x': 'news',
  };
  /** Six episodes on the a topics, six on the b topics, every one also on topic:x. */
  const episodes = Array.from({ length: 12 }, (_, i) => {
    const theme = i < 6 ? 'a' : 'b';
    const topics = [1, 2, 3, 4].filter((n) => n !== (i % 4) + 1).map((n) => `topic:${theme}${n}`);
    return { episodeId: `ep-${i}`, topicIds: [...topics, 'topic:x'], topicLabels: labels };
  });
  const options = {
    minEpisodes: 2,
    minCooccurrence: 2,
    minLift: 1.5,
    maxMembers: 12,
    maxEpisodeIds: 200,
  };

  it('groups topics discussed together into storylines, leaving the ubiquitous one out', () => {
    const data = topicThemeClusters(episodes, options);
    expect(data).toMatchObject({ method: 'cooccurrence_lift', episodes_considered: 12 });
    expect(data.clusters.map((c) => c.members.map((m) => m.topic_id).sort())).toEqual([
      ['topic:a1', 'topic:a2', 'topic:a3', 'topic:a4'],
      ['topic:b1', 'topic:b2', 'topic:b3', 'topic:b4'],
    ]);
    const [first] = data.clusters;
    // The anchor is the most frequent topic: storm sewers, in five of the six a episodes.
    expect(first).toMatchObject({
      graph_compound_parent_id: 'thc:storm-sewers',
      cluster_type: 'theme',
      canonical_label: 'storm sewers',
      member_count: 4,
      super_theme_id: expect.stringMatching(/^sth:/),
    });
    expect(first?.members[0]).toEqual({
      topic_id: expect.any(String),
      label: expect.any(String),
      lift_to_cluster: expect.any(Number),
      episode_count: expect.any(Number),
      episode_ids: expect.arrayContaining(['ep-0']),
    });
    expect(first?.members.every((m) => m.lift_to_cluster >= 1.5)).toBe(true);
  });

  it('writes what the storyline readers read (spec 04 §6)', () => {
    const data = topicThemeClusters(episodes, options);
    const storylines = projectStorylines(data as unknown as Record<string, unknown>, 4);
    expect(storylines.map((s) => [s.id, s.size])).toEqual([
      ['thc:sleep', 4],
      ['thc:storm-sewers', 4],
    ]);
    expect(storylines[0]?.anchor_topic_id).toMatch(/^topic:b/);
  });

  it('is the same on every run and for every episode order', () => {
    const once = topicThemeClusters(episodes, options);
    expect(topicThemeClusters([...episodes].reverse(), options)).toEqual(once);
  });

  it('forms nothing from topics that never meet twice', () => {
    const sparse = episodes.map((e, i) => ({ ...e, topicIds: [`topic:only-${i}`] }));
    expect(topicThemeClusters(sparse, options).clusters).toEqual([]);
  });
});
