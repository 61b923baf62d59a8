import { describe, expect, it } from '@jest/globals';
import { InsightList } from '@podcast/contracts';
import { createDerivedValues } from '../caches/derived-values.js';
import { normalizeGi } from '../readers/gi-reader.js';
import { insightListOf, projectQuote } from './insight-list.js';

const quote = (id: string, start: number | string | undefined, charStart = 0) => ({
  id,
  type: 'Quote',
  properties: {
    text: `text of ${id}`,
    speaker_id: null,
    char_start: charStart,
    char_end: charStart + 10,
    ...(start === undefined ? {} : { timestamp_start_ms: start, timestamp_end_ms: 99_000 }),
  },
});

const GI = {
  schema_version: '3.1',
  episode_id: 'ep',
  nodes: [
    { id: 'insight:low', type: 'Insight', properties: { text: 'Low', salience: 0.1 } },
    {
      id: 'insight:high',
      type: 'Insight',
      properties: {
        text: 'High',
        salience: 0.9,
        insight_type: 'opinion',
        position_hint: '0.25',
        confidence: 0.7,
      },
    },
    { id: 'insight:odd', type: 'Insight', properties: { text: 'Odd', confidence: 1.5 } },
    { id: 'insight:hidden', type: 'Insight', properties: { text: 'Hidden', surfaceable: false } },
    { id: 'insight:drop', type: 'Insight', properties: { text: 'Drop', routing_tag: 'drop' } },
    quote('quote:late', 50_000),
    quote('quote:early', 1_000),
    quote('quote:tie-b', 1_000, 40),
    quote('quote:untimed', undefined),
  ],
  edges: [
    { type: 'SUPPORTED_BY', from: 'insight:high', to: 'quote:late' },
    { type: 'SUPPORTED_BY', from: 'insight:high', to: 'quote:untimed' },
    { type: 'SUPPORTED_BY', from: 'insight:high', to: 'quote:tie-b' },
    { type: 'SUPPORTED_BY', from: 'insight:high', to: 'quote:early' },
    { type: 'SUPPORTED_BY', from: 'insight:high', to: 'quote:missing' },
  ],
};

describe('insightListOf', () => {
  const graph = normalizeGi(GI);
  const snapshot = { derived: createDerivedValues() };
  const list = insightListOf(snapshot, graph);

  it('drops hidden and dropped insights and orders the rest by salience', () => {
    expect(list.items.map((insight) => insight.id)).toEqual([
      'insight:high',
      'insight:low',
      'insight:odd',
    ]);
    expect(InsightList.parse(list)).toEqual(list);
  });

  it('orders timed quotes by start time, then offset, and leaves untimed ones out', () => {
    const [high] = list.items;
    expect(high?.quotes.map((q) => q.id)).toEqual(['quote:early', 'quote:tie-b', 'quote:late']);
    expect(high).toMatchObject({ grounded: true, insight_type: 'opinion', confidence: 0.7 });
  });

  it('emits position_hint as a number and omits a confidence outside 0..1', () => {
    expect(list.items[0]?.position_hint).toBe(0.25);
    expect(list.items[2]).not.toHaveProperty('confidence');
    expect(list.items[2]).not.toHaveProperty('position_hint');
  });

  it('gives an empty list without a graph and reuses the projection of a graph', () => {
    expect(insightListOf(snapshot, undefined)).toEqual({ items: [] });
    expect(insightListOf(snapshot, graph).items).toBe(list.items);
    expect(insightListOf({ derived: createDerivedValues() }, graph).items).not.toBe(list.items);
  });
});

describe('projectQuote', () => {
  const base = { id: 'q', text: 't', speaker_id: null };
  it.each([
    [
      { timestamp_start_ms: 1.6, timestamp_end_ms: 9.4 },
      { timestamp_start_ms: 2, timestamp_end_ms: 9 },
    ],
    [{ timestamp_start_ms: -1, timestamp_end_ms: 9 }, undefined],
    [{ timestamp_start_ms: 5 }, undefined],
  ])('turns timing %j into %j', (timing, expected) => {
    const projected = projectQuote({ ...base, ...timing });
    expect(
      projected === undefined
        ? undefined
        : {
            timestamp_start_ms: projected.timestamp_start_ms,
            timestamp_end_ms: projected.timestamp_end_ms,
          },
    ).toEqual(expected);
  });

  it('keeps character offsets only when they are whole non-negative numbers', () => {
    const projected = projectQuote({
      ...base,
      timestamp_start_ms: 0,
      timestamp_end_ms: 1,
      char_start: 2.5,
      char_end: 7,
      speaker_name: 'Maya',
    });
    expect(projected).toEqual({
      ...base,
      timestamp_start_ms: 0,
      timestamp_end_ms: 1,
      char_end: 7,
      speaker_name: 'Maya',
    });
  });
});
