import { describe, expect, it } from '@jest/globals';
import { guestCoappearance } from '../src/enrichers/guest-coappearance/guest-coappearance.js';
import { insightDensity } from '../src/enrichers/insight-density/insight-density.js';
import {
  compoundScore,
  insightSentiment,
} from '../src/enrichers/insight-sentiment/insight-sentiment.js';
import { temporalVelocity } from '../src/enrichers/temporal-velocity/temporal-velocity.js';
import { topicCooccurrence } from '../src/enrichers/topic-cooccurrence/topic-cooccurrence.js';
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
