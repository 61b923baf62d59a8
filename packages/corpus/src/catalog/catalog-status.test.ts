import { describe, expect, it } from '@jest/globals';
import { catalogStatusOf } from './catalog-status.js';

describe('catalogStatusOf', () => {
  it.each([
    [true, true, 'ready'],
    [true, false, 'partial'],
    [false, false, 'pending'],
    // The transcript decides pending on its own, even beside a stray GI file.
    [false, true, 'pending'],
  ] as const)('has_transcript %s and has_gi %s give %s', (hasTranscript, hasGi, status) => {
    expect(catalogStatusOf({ has_transcript: hasTranscript, has_gi: hasGi })).toBe(status);
  });
});
