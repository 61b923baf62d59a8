import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import {
  ConversationArcBucket,
  EpisodeEntities,
  InsightList,
  InsightProjection,
  RelatedNode,
  Sentiment,
  StorylineList,
  ThemeList,
} from './graph-shapes.js';

function insight() {
  return {
    id: 'insight:9f00aa11bb22cc33',
    text: 'Rain gardens cut street flooding.',
    grounded: true,
    insight_type: 'claim',
    confidence: 0.82,
    position_hint: 0.4,
    quotes: [
      {
        id: 'quote:a',
        text: 'we saw flooding drop',
        speaker_id: null,
        timestamp_start_ms: 61_000,
        timestamp_end_ms: 66_500,
        char_start: 1200,
        char_end: 1220,
      },
      {
        id: 'quote:b',
        text: 'by half',
        speaker_id: 'person:maya',
        speaker_name: 'Maya',
        timestamp_start_ms: 70_000,
        timestamp_end_ms: 71_000,
      },
    ],
  };
}

describe('InsightProjection', () => {
  it('accepts an insight with quotes in playback order', () => {
    expect(InsightList.parse({ items: [insight()] })).toEqual({ items: [insight()] });
  });

  it('accepts an ungrounded insight with only the required fields', () => {
    const bare = { id: 'insight:1', text: 'Soil matters.', grounded: false, quotes: [] };
    expect(InsightProjection.safeParse(bare).success).toBe(true);
  });

  it('accepts an insight type outside the known set, as older lineages have', () => {
    expect(InsightProjection.safeParse({ ...insight(), insight_type: 'opinion' }).success).toBe(
      true,
    );
  });

  it('refuses quotes out of playback order, naming the late quote', () => {
    const reversed = { ...insight(), quotes: [...insight().quotes].reverse() };
    expect(issuePaths(InsightProjection.safeParse(reversed))).toEqual([
      'quotes.1.timestamp_start_ms',
    ]);
  });

  it.each([
    ['confidence', 1.5],
    ['position_hint', '0.4'],
    ['grounded', undefined],
  ])('refuses an insight whose %s is %j', (field, value) => {
    expect(issuePaths(InsightProjection.safeParse({ ...insight(), [field]: value }))).toEqual([
      field,
    ]);
  });
});

describe('EpisodeEntities', () => {
  it('accepts persons, orgs and topics with cluster overlays', () => {
    const entities = {
      persons: [{ id: 'person:maya', name: 'Maya Ortiz', role: 'guest' }],
      orgs: [{ id: 'org:city-water', name: 'City Water' }],
      topics: [
        {
          id: 'topic:drainage',
          label: 'drainage',
          cluster_id: 'tc:water',
          cluster_label: 'Water',
          cluster_size: 3,
          theme_cluster_id: 'thc:cities',
          theme_cluster_label: 'Cities',
          theme_cluster_size: 5,
        },
        { id: 'topic:soil', label: 'soil' },
      ],
    };
    expect(EpisodeEntities.parse(entities)).toEqual(entities);
  });

  it('refuses a theme overlay whose id is not a tc: id', () => {
    const entities = {
      persons: [],
      orgs: [],
      topics: [{ id: 'topic:x', label: 'x', cluster_id: 'thc:x' }],
    };
    expect(issuePaths(EpisodeEntities.safeParse(entities))).toEqual(['topics.0.cluster_id']);
  });
});

describe('themes and storylines', () => {
  it('accepts tc: themes and thc: storylines', () => {
    expect(
      ThemeList.safeParse({ items: [{ id: 'tc:risk', label: 'Risk', size: 2 }] }).success,
    ).toBe(true);
    const storyline = {
      id: 'thc:cities',
      label: 'Cities',
      size: 4,
      anchor_topic_id: 'topic:drainage',
    };
    expect(StorylineList.safeParse({ items: [storyline] }).success).toBe(true);
  });

  it('refuses a theme with a storyline id and a storyline with a theme id', () => {
    expect(
      issuePaths(ThemeList.safeParse({ items: [{ id: 'thc:risk', label: 'Risk', size: 2 }] })),
    ).toEqual(['items.0.id']);
    const storyline = {
      id: 'tc:cities',
      label: 'Cities',
      size: 4,
      anchor_topic_id: 'topic:drainage',
    };
    expect(issuePaths(StorylineList.safeParse({ items: [storyline] }))).toEqual(['items.0.id']);
  });
});

describe('relational and sentiment shapes', () => {
  it('accepts a related node with unknown show and episode', () => {
    const node = {
      id: 'insight:1',
      type: 'Insight',
      text: 'Soil matters.',
      show_id: null,
      episode_id: null,
    };
    expect(RelatedNode.safeParse(node).success).toBe(true);
  });

  it.each([
    [{ compound: 1.2, label: 'positive' }, 'compound'],
    [{ compound: 0.1, label: 'mixed' }, 'label'],
  ])('refuses sentiment %j', (value, field) => {
    expect(issuePaths(Sentiment.safeParse(value))).toEqual([field]);
  });

  it('accepts an ISO week bucket and refuses a calendar date as the week', () => {
    const bucket = {
      week: '2026-W07',
      volume: 3,
      negative: 1,
      neutral: 1,
      positive: 1,
      avg_compound: 0.05,
    };
    expect(ConversationArcBucket.safeParse(bucket).success).toBe(true);
    expect(issuePaths(ConversationArcBucket.safeParse({ ...bucket, week: '2026-02-09' }))).toEqual([
      'week',
    ]);
  });
});
