import { describe, expect, it } from '@jest/globals';
import { buildEpisodeRecord } from './episode-record.js';
import { buildFeedRecords } from './feeds.js';

const episode = (feedId: string | undefined, title: string | undefined, relpath: string) =>
  buildEpisodeRecord({
    metadata: { feed: { feed_id: feedId, title }, episode: { episode_id: relpath } },
    metadataRelpath: relpath,
    root: '/c',
    siblings: { gi: false, kg: false, bridge: false },
    artExists: () => false,
  });

describe('buildFeedRecords', () => {
  it('counts episodes per feed, takes fields from the first episode that has them, sorts empty id last', () => {
    const feeds = buildFeedRecords([
      episode('b', undefined, 'metadata/1.metadata.json'),
      episode('', 'Nameless', 'metadata/2.metadata.json'),
      episode('b', 'Show B', 'metadata/3.metadata.json'),
      episode('a', 'Show A', 'metadata/4.metadata.json'),
    ]);
    expect(feeds.map((f) => [f.feed_id, f.title, f.episode_count])).toEqual([
      ['a', 'Show A', 1],
      ['b', 'Show B', 2],
      ['', 'Nameless', 1],
    ]);
  });
});
