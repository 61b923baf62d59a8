import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { episodeSlug, slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['p09', 'p09'],
    ['Show A', 'show-a'],
    ['sha256:ABCdef', 'sha256abcdef'],
    ['  Café   Crème__Bar ', 'cafe-creme-bar'],
    ['a -- b', 'a-b'],
    ['--edge--', 'edge'],
    ['日本語', ''],
    ['under_score', 'under-score'],
    ['what?!', 'what'],
  ])('turns %j into %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('episodeSlug', () => {
  const hash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 10);

  it('joins the feed slug and the first 10 hex of sha256(feed_id NUL episode_id)', () => {
    expect(episodeSlug('p09', 'p09_e01', 'feeds/p09/metadata/x.metadata.json')).toBe(
      `p09-${hash('p09\0p09_e01')}`,
    );
  });

  it('uses "feed" as the feed slug when the feed id is empty', () => {
    expect(episodeSlug('', 'ep-1', 'metadata/x.metadata.json')).toMatch(/^feed-[0-9a-f]{10}$/);
  });

  it('gives real pipeline feed ids the sha256<64 hex> slug form', () => {
    const feedId = `sha256:${'ab'.repeat(32)}`;
    expect(episodeSlug(feedId, 'guid-1', 'm')).toMatch(/^sha256[0-9a-f]{64}-[0-9a-f]{10}$/);
  });

  it('hashes the metadata relpath when there is no episode id', () => {
    const relpath = 'metadata/untitled.metadata.json';
    expect(episodeSlug('p01', null, relpath)).toBe(`p01-${hash(`p01\0path:${relpath}`)}`);
  });

  it('gives different episodes of one feed different slugs', () => {
    expect(episodeSlug('p01', 'a', 'm')).not.toBe(episodeSlug('p01', 'b', 'm'));
  });
});
