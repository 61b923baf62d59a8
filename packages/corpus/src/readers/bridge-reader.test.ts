import { describe, expect, it } from '@jest/globals';
import {
  BRIDGE_CONNECTIVITY,
  BRIDGE_FIXTURE,
  BRIDGE_PIPELINE,
} from '../../test/lineage-fixtures.js';
import { displayNameIn, normalizeBridge } from './bridge-reader.js';

describe('normalizeBridge', () => {
  it('reads pipeline identities with stripped layer prefixes', () => {
    const bridge = normalizeBridge(BRIDGE_PIPELINE);
    expect(bridge.identities[0]).toEqual({
      id: 'person:maya',
      type: 'person',
      display_name: 'Maya R.',
      aliases: ['Maya'],
    });
    expect(displayNameIn(bridge, 'topic:soil')).toBe('Soil');
    expect(displayNameIn(bridge, 'topic:none')).toBeUndefined();
    expect(displayNameIn(undefined, 'topic:soil')).toBeUndefined();
  });

  it('reads fixture identities that carry only id and display_name', () => {
    const bridge = normalizeBridge(BRIDGE_FIXTURE);
    expect(displayNameIn(bridge, 'org:acme')).toBe('Acme Corp');
    expect(bridge.episode_id).toBe('ep-1');
  });

  it('reads the connectivity shape as canonical-id maps without identities', () => {
    const bridge = normalizeBridge(BRIDGE_CONNECTIVITY);
    expect(bridge.identities).toEqual([]);
    expect(bridge.entity_to_canonical.get('person:ana')).toBe('person:ana-lopez');
    expect(bridge.topic_to_canonical.get('concept:flooding')).toBe('topic:floods');
  });
});
