import { describe, expect, it } from '@jest/globals';
import { fileValidators, isNotModified } from './conditional.js';

const mtime = new Date('2026-11-15T10:20:30.456Z');
const validators = fileValidators(1000, mtime);

describe('fileValidators', () => {
  it('derives a strong tag from size and time and a whole-second HTTP date', () => {
    expect(validators.etag).toBe(`"3e8-${mtime.getTime().toString(16)}"`);
    expect(validators.lastModified).toBe('Sun, 15 Nov 2026 10:20:30 GMT');
  });

  it('changes the tag when the file changes size or time', () => {
    expect(fileValidators(1001, mtime).etag).not.toBe(validators.etag);
    expect(fileValidators(1000, new Date(mtime.getTime() + 1)).etag).not.toBe(validators.etag);
  });
});

describe('isNotModified', () => {
  it.each([
    [{ ifNoneMatch: validators.etag }, true],
    [{ ifNoneMatch: `W/${validators.etag}` }, true],
    [{ ifNoneMatch: `"x", ${validators.etag}` }, true],
    [{ ifNoneMatch: '*' }, true],
    [{ ifNoneMatch: '"x"' }, false],
    [{ ifNoneMatch: '"x"', ifModifiedSince: 'Sun, 15 Nov 2026 10:20:30 GMT' }, false],
    [{ ifModifiedSince: 'Sun, 15 Nov 2026 10:20:30 GMT' }, true],
    [{ ifModifiedSince: 'Mon, 16 Nov 2026 00:00:00 GMT' }, true],
    [{ ifModifiedSince: 'Sun, 15 Nov 2026 10:20:29 GMT' }, false],
    [{ ifModifiedSince: 'not a date' }, false],
    [{}, false],
  ])('for %p the cached copy is current: %p', (headers, expected) => {
    expect(isNotModified(headers, validators)).toBe(expected);
  });
});
