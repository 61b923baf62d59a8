import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import { FeedIdParams } from './catalog-routes.js';

describe('FeedIdParams', () => {
  it.each([
    ['a pipeline id', `sha256:${'8b'.repeat(32)}`],
    ['a 300-character id', 'f'.repeat(300)],
  ])('accepts %s', (_case, feedId) => {
    expect(FeedIdParams.parse({ feed_id: feedId })).toEqual({ feed_id: feedId });
  });

  it.each([
    ['an empty id', ''],
    ['a 301-character id', 'f'.repeat(301)],
  ])('refuses %s, naming feed_id', (_case, feedId) => {
    expect(issuePaths(FeedIdParams.safeParse({ feed_id: feedId }))).toEqual(['feed_id']);
  });
});
