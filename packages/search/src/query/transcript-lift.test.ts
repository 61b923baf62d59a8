import { describe, expect, it } from '@jest/globals';
import type { NormalizedBridge, NormalizedGraph } from '@podcast/corpus';
import { liftTranscriptHit } from './transcript-lift.js';

const graph: NormalizedGraph = {
  episode_id: 'ep',
  schema_version: '3.1',
  model_version: 'm',
  insights: [
    {
      id: 'insight:a',
      text: 'Sleep debt compounds',
      grounded: true,
      insight_type: 'claim',
      position_hint: 0.4,
      quoteIds: ['quote:1'],
      topicIds: ['concept:x', 'topic:sleep'],
      personIds: ['person:maya'],
      orgIds: [],
    },
  ],
  quotes: [
    {
      id: 'quote:1',
      text: 'q1',
      char_start: 100,
      char_end: 150,
      timestamp_start_ms: 61000,
      timestamp_end_ms: 66500,
      speaker_id: 'person:maya',
    },
    { id: 'quote:2', text: 'q2', char_start: 160, char_end: 400, speaker_id: null },
  ],
  topics: [{ id: 'topic:sleep', label: 'sleep' }],
  persons: [{ id: 'person:maya', name: 'Maya R.', hidden: false }],
  orgs: [],
};
const bridge = {
  episode_id: 'ep',
  schema_version: '1.0',
  identities: [{ id: 'person:maya', display_name: 'Maya', aliases: [] }],
  entity_to_canonical: new Map(),
  topic_to_canonical: new Map(),
} as unknown as NormalizedBridge;

describe('transcript lift', () => {
  it('lifts to the quote of largest overlap, its insight, topic and speaker', () => {
    const lifted = liftTranscriptHit({ char_start: 90, char_end: 170 }, graph, bridge);
    expect(lifted).toEqual({
      insight: {
        id: 'insight:a',
        text: 'Sleep debt compounds',
        grounded: true,
        insight_type: 'claim',
        position_hint: 0.4,
      },
      quote: { id: 'quote:1', timestamp_start_ms: 61000, timestamp_end_ms: 66500 },
      speaker: { id: 'person:maya', display_name: 'Maya' },
      topic: { id: 'topic:sleep', display_name: 'sleep' },
    });
  });

  it('does not lift without overlap or when the best quote supports no insight', () => {
    expect(liftTranscriptHit({ char_start: 0, char_end: 100 }, graph, bridge)).toBeUndefined();
    expect(liftTranscriptHit({ char_start: 200, char_end: 300 }, graph, bridge)).toBeUndefined();
  });

  it('applies the character shift and alias maps of the overrides file', () => {
    const lifted = liftTranscriptHit({ char_start: 0, char_end: 20 }, graph, undefined, {
      transcript_char_shift: 110,
      entity_id_aliases: { 'person:maya': 'person:maya-r' },
      topic_id_aliases: {},
    });
    expect(lifted?.quote.id).toBe('quote:1');
    expect(lifted?.speaker).toEqual({ id: 'person:maya-r', display_name: 'person:maya-r' });
  });
});
