import { describe, expect, it } from '@jest/globals';
import { normalizeBridge } from '../readers/bridge-reader.js';
import { normalizeGi } from '../readers/gi-reader.js';
import { rankTopPersons } from './top-persons.js';

type Spec = { id: string; grounded: boolean; speakers: Array<string | null>; persons?: string[] };

/** A GI file of the 3.1 shape: insights supported by quotes with speaker ids. */
function gi(insights: Spec[], persons: Array<[string, string]> = []) {
  const nodes: unknown[] = persons.map(([id, name]) => ({
    id,
    type: 'Person',
    properties: { name },
  }));
  const edges: unknown[] = [];
  for (const insight of insights) {
    nodes.push({
      id: insight.id,
      type: 'Insight',
      properties: { text: 't', grounded: insight.grounded },
    });
    insight.speakers.forEach((speaker, i) => {
      const quote = `quote:${insight.id}-${i}`;
      nodes.push({ id: quote, type: 'Quote', properties: { text: 'q', speaker_id: speaker } });
      edges.push({ type: 'SUPPORTED_BY', from: insight.id, to: quote });
    });
    for (const person of insight.persons ?? []) {
      edges.push({ type: 'MENTIONS_PERSON', from: insight.id, to: person });
    }
  }
  return normalizeGi({ schema_version: '3.1', episode_id: 'e', nodes, edges });
}

const bridge = (names: Array<[string, string]>) =>
  normalizeBridge({ identities: names.map(([id, display_name]) => ({ id, display_name })) });

describe('rankTopPersons', () => {
  it('counts grounded insights per speaker and episodes they spoke in, best first', () => {
    const ranked = rankTopPersons([
      {
        graph: gi([
          { id: 'insight:1', grounded: true, speakers: ['person:maya'] },
          { id: 'insight:2', grounded: true, speakers: ['person:maya', 'person:omar'] },
          { id: 'insight:3', grounded: false, speakers: [] },
        ]),
        bridge: bridge([['person:maya', 'Maya Haddad']]),
      },
      {
        graph: gi(
          [{ id: 'insight:4', grounded: true, speakers: ['speaker:omar'] }],
          [['speaker:omar', 'Omar K.']],
        ),
        bridge: undefined,
      },
      { graph: undefined, bridge: bridge([['person:zed', 'Zed']]) },
    ]);
    expect(ranked).toEqual([
      {
        person_id: 'person:omar',
        display_name: 'Omar K.',
        grounded_insight_count: 2,
        episode_count: 2,
      },
      {
        person_id: 'person:maya',
        display_name: 'Maya Haddad',
        grounded_insight_count: 2,
        episode_count: 1,
      },
    ]);
  });

  it.each([
    ['an unnamed diarization voice', 'person:speaker-ep1-0'],
    ['a raw diarization label', 'SPEAKER_00'],
  ])('hides %s', (_name, speaker) => {
    const ranked = rankTopPersons([
      { graph: gi([{ id: 'insight:1', grounded: true, speakers: [speaker] }]), bridge: undefined },
    ]);
    expect(ranked).toEqual([]);
  });

  it('never counts a person the insight only mentions', () => {
    const graph = gi([
      { id: 'insight:1', grounded: true, speakers: [null], persons: ['person:ada'] },
      { id: 'insight:2', grounded: true, speakers: ['person:bo'], persons: ['person:ada'] },
    ]);
    expect(rankTopPersons([{ graph, bridge: undefined }])).toEqual([
      { person_id: 'person:bo', display_name: 'bo', grounded_insight_count: 1, episode_count: 1 },
    ]);
  });

  it("counts a quote's SPOKEN_BY target, not its placeholder speaker_id, under the bridge's id", () => {
    const graph = normalizeGi({
      schema_version: '3.1',
      nodes: [
        { id: 'person:ana', type: 'Person', properties: { name: 'Ana' } },
        { id: 'insight:1', type: 'Insight', properties: { text: 't', grounded: true } },
        {
          id: 'quote:1',
          type: 'Quote',
          properties: { text: 'q', speaker_id: 'person:speaker-01' },
        },
      ],
      edges: [
        { type: 'SUPPORTED_BY', from: 'insight:1', to: 'quote:1' },
        { type: 'SPOKEN_BY', from: 'quote:1', to: 'person:ana' },
      ],
    });
    const mapped = normalizeBridge({ entity_to_canonical: { 'person:ana': 'person:ana-lopez' } });
    expect(rankTopPersons([{ graph, bridge: mapped }])).toEqual([
      {
        person_id: 'person:ana-lopez',
        display_name: 'Ana',
        grounded_insight_count: 1,
        episode_count: 1,
      },
    ]);
  });

  it('prefers a bridge display name over the GI name whichever episode comes first', () => {
    const ranked = rankTopPersons([
      {
        graph: gi(
          [{ id: 'insight:1', grounded: true, speakers: ['person:li'] }],
          [['person:li', 'li (gi)']],
        ),
        bridge: undefined,
      },
      {
        graph: gi([{ id: 'insight:2', grounded: true, speakers: ['person:li'] }]),
        bridge: bridge([['person:li', 'Li Wei']]),
      },
    ]);
    expect(ranked[0]?.display_name).toBe('Li Wei');
  });
});
