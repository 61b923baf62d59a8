import { describe, expect, it } from '@jest/globals';
import { artifactKindOf, isMetadataFileName } from './metadata.js';

describe('tracked file names', () => {
  it.each([
    ['0001 - one.metadata.json', true],
    ['x.metadata.yaml', true],
    ['x.metadata.yml', true],
    ['.metadata.json', true],
    ['x.metadata.jsonl', false],
    ['x.metadata.json.bak', false],
    ['metadata.json', false],
    ['x.gi.json', false],
  ])('%s is a metadata file: %s', (name, expected) => {
    expect(isMetadataFileName(name)).toBe(expected);
  });

  it.each([
    ['0001 - one.gi.json', 'gi'],
    ['0001 - one.kg.json', 'kg'],
    ['0001 - one.bridge.json', 'bridge'],
    ['.gi.json', 'gi'],
    ['agi.json', undefined],
    ['x.gi.json.bak', undefined],
    ['x.GI.json', undefined],
    ['x.metadata.json', undefined],
    ['x.bridge.jsonl', undefined],
  ])('%s is an artifact of kind %s', (name, expected) => {
    expect(artifactKindOf(name)).toBe(expected);
  });
});
