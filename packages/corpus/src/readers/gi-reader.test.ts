import { describe, expect, it } from '@jest/globals';
import { GI_1_0, GI_2, GI_2_0, GI_3_0, GI_3_1 } from '../../test/lineage-fixtures.js';
import { normalizeGi } from './gi-reader.js';

const insight = (graph: ReturnType<typeof normalizeGi>, id: string) => {
  const found = graph.insights.find((i) => i.id === id);
  if (found === undefined) {
    throw new Error(`no insight ${id}`);
  }
  return found;
};

describe('normalizeGi', () => {
  it('reads a strict 1.0 file with Speaker nodes and node-level confidence', () => {
    const graph = normalizeGi(GI_1_0);
    expect(insight(graph, 'insight:a')).toMatchObject({
      text: 'Drains clog in spring',
      grounded: true,
      confidence: 0.9,
      quoteIds: ['quote:a'],
      topicIds: ['topic:drainage'],
      personIds: ['speaker:maya'],
    });
    expect(graph.quotes[0]).toMatchObject({
      char_start: 10,
      char_end: 32,
      speaker_id: 'speaker:maya',
    });
    expect(graph.persons).toEqual([{ id: 'speaker:maya', name: 'Maya', hidden: false }]);
  });

  it('reads GI 2 with unprefixed ids, lower-case edge types and grounded from quotes', () => {
    const graph = normalizeGi(GI_2);
    expect(insight(graph, 'i1')).toMatchObject({
      grounded: true,
      confidence: 0.6,
      topicIds: ['t1'],
    });
    expect(insight(graph, 'i2').grounded).toBe(false);
    expect(graph.quotes[0]).toMatchObject({
      text: 'we overspent',
      speaker_name: 'Host',
      speaker_id: null,
    });
    expect(graph.topics).toEqual([{ id: 't1', label: 'budgets' }]);
  });

  it('reads GI 2.0 with layer prefixes, fact insights and a numeric-string position_hint', () => {
    const graph = normalizeGi(GI_2_0);
    const only = insight(graph, 'insight:0123456789abcdef');
    expect(only).toMatchObject({
      insight_type: 'fact',
      position_hint: 0.35,
      grounded: true,
      quoteIds: ['quote:0123456789abcdef'],
    });
    expect(graph.persons[0]?.id).toBe('person:lee');
  });

  it('reads GI 3.0 connectivity: episode: prefix, orgs, mentions and dangling ABOUT targets', () => {
    const graph = normalizeGi(GI_3_0);
    expect(graph.episode_id).toBe('ep-30');
    expect(insight(graph, 'insight:c1')).toMatchObject({
      topicIds: ['concept:flooding', 'topic:absent'],
      personIds: ['person:ana'],
      orgIds: ['org:acme'],
      position_hint: 0.5,
    });
    expect(graph.orgs).toEqual([{ id: 'org:acme', name: 'Acme' }]);
    expect(graph.topics.map((t) => t.id)).toEqual(['concept:flooding']);
  });

  it('reads GI 3.1 routing fields, reversed edges and unknown types without failing', () => {
    const graph = normalizeGi(GI_3_1);
    expect(insight(graph, 'insight:low')).toMatchObject({
      salience: 0.2,
      tier: 2,
      rank: 3,
      grounded: true,
      quoteIds: ['quote:low'],
      personIds: ['person:speaker-ep-31-1'],
    });
    expect(insight(graph, 'insight:high')).toMatchObject({
      grounded: false,
      quoteIds: ['quote:missing'],
    });
    expect(insight(graph, 'insight:hidden').surfaceable).toBe(false);
    // The reversed SPOKEN_BY edge names the speaker; the quote's own SPEAKER_00 gives way.
    expect(graph.quotes[0]).toMatchObject({
      speaker_name: 'Sam',
      speaker_id: 'person:speaker-ep-31-1',
    });
    expect(graph.persons[0]?.hidden).toBe(true);
    expect(graph.insights).toHaveLength(5);
  });

  it("takes a quote's speaker from its SPOKEN_BY edge over a placeholder speaker_id", () => {
    const quote = (id: string, speaker: string) => ({
      id,
      type: 'Quote',
      properties: { text: id, speaker_id: speaker },
    });
    const graph = normalizeGi({
      schema_version: '3.1',
      nodes: [
        { id: 'person:maya', type: 'Person', properties: { name: 'Maya' } },
        quote('quote:edge', 'person:speaker-01'),
        quote('quote:bare', 'person:omar'),
      ],
      edges: [{ type: 'SPOKEN_BY', from: 'quote:edge', to: 'g:person:maya' }],
    });
    expect(graph.quotes.map((q) => [q.id, q.speaker_id])).toEqual([
      ['quote:edge', 'person:maya'],
      ['quote:bare', 'person:omar'],
    ]);
  });

  it('yields an empty graph for an object without nodes or edges', () => {
    expect(normalizeGi({ nodes: 'nope', edges: [null, 3] })).toMatchObject({
      episode_id: null,
      insights: [],
      quotes: [],
    });
  });
});
