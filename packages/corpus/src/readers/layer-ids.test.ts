import { describe, expect, it } from '@jest/globals';
import {
  isHiddenPersonId,
  kindFromId,
  nodeKindOf,
  stripEpisodePrefix,
  stripLayerPrefixes,
} from './layer-ids.js';

describe('stripLayerPrefixes', () => {
  it.each([
    ['g:person:maya', 'person:maya'],
    ['kg:k:g:topic:x', 'topic:x'],
    ['k:org:acme', 'org:acme'],
    ['person:g:odd', 'person:g:odd'],
    ['gx:topic', 'gx:topic'],
  ])('strips %s to %s', (id, expected) => {
    expect(stripLayerPrefixes(id)).toBe(expected);
  });

  it('also drops an episode: prefix for episode ids', () => {
    expect(stripEpisodePrefix('g:episode:ep-1')).toBe('ep-1');
  });
});

describe('node kinds', () => {
  it.each([
    ['insight:1', undefined, {}, 'insight'],
    ['concept:flood', 'Topic', {}, 'topic'],
    ['speaker:host', 'Speaker', {}, 'person'],
    ['entity:person:maya', 'Entity', {}, 'person'],
    ['entity:x', 'Entity', { entity_kind: 'org' }, 'org'],
    ['e7', 'Entity', { kind: 'organization' }, 'org'],
    ['e8', 'Entity', { category: 'place' }, 'entity'],
    ['n1', 'Quote', {}, 'quote'],
    ['n2', 'Mystery', {}, undefined],
    ['person:x', 'Topic', {}, 'person'],
  ])('classifies %s (%s) as %s', (id, type, props, expected) => {
    expect(nodeKindOf(id, type, props)).toBe(expected);
  });

  it('reads the kind from the id prefix alone', () => {
    expect(kindFromId('org:acme')).toBe('org');
  });

  it('hides unnamed diarization voices', () => {
    expect(isHiddenPersonId('person:speaker-ep1-2')).toBe(true);
    expect(isHiddenPersonId('person:maya')).toBe(false);
  });
});
