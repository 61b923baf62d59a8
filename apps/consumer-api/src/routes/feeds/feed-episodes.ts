import {
  type EpisodeRecord,
  type FeedRecord,
  readEpisodeLayers,
  requireLayers,
} from '@podcast/corpus';
import { findEpisodesBySlugs, findFeed, listEpisodesOfFeeds } from '@podcast/corpus-index';
import {
  episodesOfSlugs,
  type FeedLayers,
  newestEpisodesOf,
  showEpisodes,
} from '@podcast/podcast-feeds';
import type { ConsumerCtx } from '../../context.js';
import { catalogIndexOf, indexSeenAt } from '../catalog/catalog-index.js';

/**
 * Where the overlay feeds find their shows, episodes and layers: the
 * snapshot, or (CORPUS_INDEX, CORPUS_INDEX_URL) the corpus index's records
 * with each episode's layer files read as its items are made.
 */
export interface FeedEpisodes {
  layers: FeedLayers;
  /** When the store last changed, as this process saw it: what the feeds' validators are dated by. */
  changedAt: Date;
  findShow(feedId: string): Promise<FeedRecord | undefined>;
  /** A show's episodes, newest first (catalog order). */
  showEpisodes(feedId: string): Promise<readonly EpisodeRecord[]>;
  /** The newest episodes of some shows, at most `max` (a library feed). */
  newestOf(feedIds: readonly string[], max: number): Promise<readonly EpisodeRecord[]>;
  /** The episodes some slugs name, in their order, unknown ones left out (a queue). */
  ofSlugs(slugs: readonly string[]): Promise<readonly EpisodeRecord[]>;
}

/** The feeds' store for this request (503 while a first load or build is under way). */
export async function feedEpisodesOf(ctx: ConsumerCtx): Promise<FeedEpisodes> {
  const index = await catalogIndexOf(ctx, 'catalog');
  if (index === undefined) {
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    requireLayers(snapshot);
    return {
      layers: snapshot,
      changedAt: snapshot.loadedAt,
      findShow: async (feedId) => snapshot.findFeed(feedId),
      showEpisodes: async (feedId) => showEpisodes(snapshot, feedId),
      newestOf: async (feedIds, max) => newestEpisodesOf(snapshot, new Set(feedIds), max),
      ofSlugs: async (slugs) => episodesOfSlugs(snapshot, slugs),
    };
  }
  const { db } = index;
  const place = ctx.corpus.at(ctx.config.corpusDir);
  return {
    layers: (episodes) => readEpisodeLayers(place, episodes, ctx.logger),
    changedAt: indexSeenAt(index),
    findShow: (feedId) => findFeed(db, feedId),
    showEpisodes: (feedId) => listEpisodesOfFeeds(db, [feedId]),
    newestOf: (feedIds, max) => listEpisodesOfFeeds(db, feedIds, max),
    ofSlugs: (slugs) => findEpisodesBySlugs(db, slugs),
  };
}
