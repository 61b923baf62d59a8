import {
  type CorpusSnapshot,
  type EpisodeRecord,
  feedSyncUrlOf,
  perSnapshot,
  syncUrlKeyOf,
} from '@podcast/corpus';
import type { CorpusHoldings, FeedSyncUrlRow } from './deps.js';

const feedSyncUrlsOf = perSnapshot(
  (snapshot: CorpusSnapshot): readonly FeedSyncUrlRow[] =>
    snapshot.feeds.map((feed) => {
      const sync = feedSyncUrlOf(feed);
      return { feed_id: feed.feed_id, url: sync?.url ?? null, key: sync?.key ?? null };
    }),
  'feedSyncUrls',
);

/** The first episode in catalog order of each enclosure URL key. */
const episodesByMediaKeyOf = perSnapshot((snapshot: CorpusSnapshot) => {
  const byKey = new Map<string, EpisodeRecord>();
  for (const episode of snapshot.episodes) {
    const key = episode.media_url === null ? undefined : syncUrlKeyOf(episode.media_url);
    if (key !== undefined && !byKey.has(key)) {
      byKey.set(key, episode);
    }
  }
  return byKey;
}, 'episodesByMediaKey');

/** Each key of `keys` that `find` answers, with its answer. */
function foundBy<T>(
  keys: readonly string[],
  find: (key: string) => T | undefined,
): ReadonlyMap<string, T> {
  return new Map(
    keys.flatMap((key) => {
      const found = find(key);
      return found === undefined ? [] : [[key, found] as const];
    }),
  );
}

/** The holdings of a loaded snapshot, loaded on first use: the projection's side of the seam. */
export function holdingsOfSnapshot(load: () => Promise<CorpusSnapshot>): CorpusHoldings {
  return {
    heldSlugs: async (slugs) => {
      const snapshot = await load();
      return new Set(slugs.filter((slug) => snapshot.findEpisodeBySlug(slug) !== undefined));
    },
    findFeeds: async (feedIds) => {
      const snapshot = await load();
      return new Map(
        feedIds.flatMap((feedId) => {
          const feed = snapshot.findFeed(feedId);
          return feed === undefined ? [] : [[feedId, feed] as const];
        }),
      );
    },
    findEpisode: async (slug) => (await load()).findEpisodeBySlug(slug),
    findEpisodes: async (slugs) => {
      const snapshot = await load();
      return slugs.flatMap((slug) => snapshot.findEpisodeBySlug(slug) ?? []);
    },
    episodesOfFeeds: async (feedIds) => {
      const wanted = new Set(feedIds);
      return (await load()).episodes.filter((episode) => wanted.has(episode.feed_id));
    },
    // A snapshot holds every episode's layers already.
    layersOf: async () => load(),
    place: async () => load(),
    // A scan: it runs only when a client names an insight without its episode.
    episodeOfInsight: async (insightId) => {
      const snapshot = await load();
      return snapshot.episodes.find((episode) =>
        snapshot.graphOf(episode)?.insights.some((insight) => insight.id === insightId),
      );
    },
    feedSyncUrls: async () => feedSyncUrlsOf(await load()),
    findEpisodesByIds: async (ids) => {
      const snapshot = await load();
      return foundBy(ids, (id) => snapshot.findEpisodeById(id));
    },
    findEpisodesByMediaKeys: async (keys) => {
      const byKey = episodesByMediaKeyOf(await load());
      return foundBy(keys, (key) => byKey.get(key));
    },
  };
}
