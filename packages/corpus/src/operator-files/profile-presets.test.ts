import { describe, expect, it } from '@jest/globals';
import { presetNamesOf } from './profile-presets.js';

describe('presetNamesOf', () => {
  const files = [
    'dev.yaml',
    'cloud_balanced.yaml',
    'local.yml',
    'local.yaml',
    'starter.example.yaml',
    'README.md',
    '.yaml',
  ];

  it('lists yaml stems sorted, without .example stems or other files', () => {
    expect(presetNamesOf(files)).toEqual(['cloud_balanced', 'dev', 'local']);
  });

  it('narrows to the names PODCAST_AVAILABLE_PROFILES lists and ignores unknown ones', () => {
    expect(presetNamesOf(files, ['dev', 'local', 'nonexistent'])).toEqual(['dev', 'local']);
  });
});
