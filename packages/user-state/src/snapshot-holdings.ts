import type { CorpusSnapshot } from '@podcast/corpus';
import type { CorpusHoldings } from './deps.js';

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
  };
}
