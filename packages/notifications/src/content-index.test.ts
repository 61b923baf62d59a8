import { describe, expect, it } from '@jest/globals';
import { followedBy, indexContent, publishedIn } from './content-index.js';
import type { ContentEpisode } from './digest-content.js';

const episode = (slug: string, feed: string, published: string | null, refs: string[] = []) =>
  ({
    slug,
    feed_id: feed,
    title: slug,
    podcast_title: null,
    published_at: published,
    graph_refs: refs,
    duration_seconds: null,
    insights: [],
  }) satisfies ContentEpisode;

const INDEX = indexContent([
  episode('a', 'f1', '2026-11-20'),
  // An offset timestamp sorts by its instant, not its text: 2026-11-19T23:30Z.
  episode('b', 'f1', '2026-11-20T01:30:00+02:00'),
  episode('c', 'f1', '2026-11-10T00:00:00Z'),
  episode('d', 'f2', '2026-11-18T00:00:00Z', ['topic:rain']),
  episode('e', 'f1', null),
]);
const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

describe('content index', () => {
  it.each([
    ['the whole week', '2026-11-14T00:00:00Z', '2026-11-21T00:00:00Z', ['a', 'b', 'd']],
    ['the start is inclusive', '2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z', ['a']],
    ['the end is exclusive', '2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z', ['b']],
    ['nothing in an empty week', '2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z', []],
  ])('publishedIn: %s', (_case, from, to, slugs) => {
    expect(publishedIn(INDEX, window(from, to)).map((e) => e.slug)).toEqual(slugs);
  });

  it.each([
    ['a feed, any time', { feeds: ['f1'], interests: [] }, undefined, ['a', 'b', 'c', 'e']],
    [
      'a feed inside a window',
      { feeds: ['f1'], interests: [] },
      window('2026-11-15T00:00:00Z', '2026-11-21T00:00:00Z'),
      ['a', 'b'],
    ],
    ['an interest', { feeds: [], interests: ['topic:rain'] }, undefined, ['d']],
    ['both, once each', { feeds: ['f2'], interests: ['topic:rain'] }, undefined, ['d']],
    ['an unknown feed', { feeds: ['f9'], interests: [] }, undefined, []],
  ])('followedBy: %s', (_case, audience, range, slugs) => {
    const found = followedBy(
      INDEX,
      { feeds: new Set(audience.feeds), interests: new Set(audience.interests) },
      range,
    );
    expect(found.map((e) => e.slug).sort()).toEqual(slugs);
  });
});
