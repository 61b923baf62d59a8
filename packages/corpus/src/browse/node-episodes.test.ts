import { describe, expect, it } from '@jest/globals';
import { normalizeBridge } from '../readers/bridge-reader.js';
import { normalizeGi } from '../readers/gi-reader.js';
import { normalizeKg } from '../readers/kg-reader.js';
import { buildNodeEpisodeIndex, type NodeSource, nodeIdsOf } from './node-episodes.js';

const graph = normalizeGi({
  nodes: [
    { id: 'g:topic:drainage', type: 'Topic', properties: { label: 'drainage' } },
    { id: 'speaker:maya', type: 'Speaker', properties: { name: 'Maya' } },
    { id: 'insight:1', type: 'Insight', properties: { text: 't' } },
    { id: 'quote:1', type: 'Quote', properties: { text: 'q', speaker_id: 'person:omar' } },
    { id: 'episode:e1', type: 'Episode', properties: {} },
  ],
  edges: [
    { type: 'ABOUT', from: 'insight:1', to: 'topic:dangling' },
    { type: 'MENTIONS_ORG', from: 'insight:1', to: 'org:city-council' },
  ],
});
const kg = normalizeKg({
  nodes: [
    { id: 'entity:person:ines', type: 'Entity', properties: { name: 'Ines', kind: 'person' } },
    { id: 'topic:kg-only', type: 'Topic', properties: { label: 'kg only' } },
  ],
});
const bridge = normalizeBridge({ identities: [{ id: 'org:bridge-only', display_name: 'B' }] });

describe('nodeIdsOf', () => {
  it('collects person, org and topic ids from GI, KG and bridge in canonical form', () => {
    expect([...nodeIdsOf({ graph, kg, bridge })].sort()).toEqual([
      'org:bridge-only',
      'org:city-council',
      'person:ines',
      'person:maya',
      'person:omar',
      'topic:dangling',
      'topic:drainage',
      'topic:kg-only',
    ]);
  });

  it('has nothing for an episode without artifacts', () => {
    expect(nodeIdsOf({ graph: undefined, kg: undefined, bridge: undefined }).size).toBe(0);
  });
});

describe('buildNodeEpisodeIndex', () => {
  it('lists each episode once per node, in the order given', () => {
    const sources = new Map<string, NodeSource>([
      ['new', { graph, kg: undefined, bridge: undefined }],
      ['mid', { graph: undefined, kg, bridge: undefined }],
      ['old', { graph, kg, bridge }],
    ]);
    const index = buildNodeEpisodeIndex(['new', 'mid', 'old'], (e) => sources.get(e) as NodeSource);
    expect(index.get('topic:drainage')).toEqual(['new', 'old']);
    expect(index.get('person:ines')).toEqual(['mid', 'old']);
    expect(index.get('org:bridge-only')).toEqual(['old']);
    expect(index.has('episode:e1')).toBe(false);
  });
});
