import { describe, expect, it } from '@jest/globals';
import {
  artworkUrl,
  durationSecondsOf,
  publishDateOf,
  verifiedArtRelpath,
} from './episode-fields.js';

describe('publishDateOf', () => {
  it.each([
    ['2026-03-04T10:00:00Z', '2026-03-04'],
    ['2026-03-04', '2026-03-04'],
    ['2026-03-04T23:30:00-05:00', '2026-03-04'],
    ['20260304T100000Z', '2026-03-04'],
    ['1970-01-01T00:00:00Z', null],
    ['Tue, 04 Mar 2026 10:00:00 GMT', null],
    ['', null],
    [1_700_000_000, null],
    [null, null],
    [undefined, null],
  ])('reads %j as %j', (input, expected) => {
    expect(publishDateOf(input)).toBe(expected);
  });
});

describe('durationSecondsOf', () => {
  it.each([
    [488, 488],
    [0, 0],
    [488.0, 488],
    [488.5, null],
    [-1, null],
    [true, null],
    [false, null],
    ['488', null],
    [Number.NaN, null],
    [null, null],
  ])('reads %j as %j', (input, expected) => {
    expect(durationSecondsOf(input)).toBe(expected);
  });
});

describe('verifiedArtRelpath', () => {
  const present = new Set(['.podcast_scraper/corpus-art/sha256/ab/cd/x.jpg']);
  const exists = (relpath: string) => present.has(relpath);

  it.each([
    [
      '.podcast_scraper/corpus-art/sha256/ab/cd/x.jpg',
      '.podcast_scraper/corpus-art/sha256/ab/cd/x.jpg',
    ],
    ['.podcast_scraper/corpus-art/sha256/ab/cd/missing.jpg', null],
    ['.podcast_scraper/corpus-art/../secrets.jpg', null],
    ['art/x.jpg', null],
    ['/abs/.podcast_scraper/corpus-art/x.jpg', null],
    ['.podcast_scraper/corpus-art/', null],
    [42, null],
  ])('accepts %j as %j', (input, expected) => {
    expect(verifiedArtRelpath(input, exists)).toBe(expected);
  });
});

describe('artworkUrl', () => {
  it('url-encodes the relpath into the artwork route', () => {
    expect(artworkUrl('.podcast_scraper/corpus-art/a b.jpg', 'thumb')).toBe(
      '/api/app/artwork?ref=.podcast_scraper%2Fcorpus-art%2Fa%20b.jpg&size=thumb',
    );
  });

  it('is null without verified art', () => {
    expect(artworkUrl(null, 'large')).toBeNull();
  });
});
