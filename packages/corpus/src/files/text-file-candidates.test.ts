import { describe, expect, it } from '@jest/globals';
import { textFileCandidates } from './text-file-candidates.js';

describe('textFileCandidates', () => {
  it.each([
    ['t/ep.txt', ['t/ep.txt', 't/ep.cleaned.txt']],
    ['t/ep.cleaned.txt', ['t/ep.cleaned.txt', 't/ep.txt']],
    ['t/ep.adfree.txt', ['t/ep.adfree.txt', 't/ep.txt', 't/ep.cleaned.txt']],
    ['t/ep.segments.json', ['t/ep.segments.json']],
    ['notes.md', ['notes.md']],
    ['t/0001 - A.b_c.txt', ['t/0001 - A.b_c.txt', 't/0001 - A.b_c.cleaned.txt']],
  ])('tries %s as %p', (relpath, candidates) => {
    expect(textFileCandidates(relpath)).toEqual(candidates);
  });
});
