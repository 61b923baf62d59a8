import { readEpisodeLayers } from '@podcast/corpus';
import {
  type FeedSyncRow,
  findEpisodeBySlug,
  findEpisodeOfInsight,
  findEpisodesByIds,
  findEpisodesByMediaKeys,
  findEpisodesBySlugs,
  findFeeds,
  heldSlugs,
  type IndexView,
  listEpisodesOfFeeds,
  listFeedSyncUrls,
} from '@podcast/corpus-index';
import { type CorpusHoldings, holdingsOfSnapshot } from '@podcast/user-state';
import type { ConsumerCtx } from './context.js';
import { catalogIndexOf } from './routes/catalog/catalog-index.js';

/** The shows' sync URLs per index version: one list while no commit lands, as a snapshot keeps it. */
const feedSyncUrlsByVersion = new WeakMap<object, Promise<FeedSyncRow[]>>();

function feedSyncUrlsOf(view: IndexView): Promise<FeedSyncRow[]> {
  let rows = feedSyncUrlsByVersion.get(view.version);
  if (rows === undefined) {
    rows = listFeedSyncUrls(view.db);
    // A failed read is not kept: the next request asks again.
    rows.catch(() => feedSyncUrlsByVersion.delete(view.version));
    feedSyncUrlsByVersion.set(view.version, rows);
  }
  return rows;
}

/**
 * What user-state asks of the corpus: the corpus index when it is on (503
 * while its first build runs, as a first load), else the loaded snapshot.
 */
export function corpusHoldingsOf(ctx: ConsumerCtx): CorpusHoldings {
  const root = ctx.config.corpusDir;
  if (ctx.corpusIndex === undefined) {
    return holdingsOfSnapshot(() => ctx.corpus.get(root));
  }
  // Only made while the index is on, when catalogIndexOf answers a view or rejects with the 503.
  const db = async () => ((await catalogIndexOf(ctx, 'catalog')) as IndexView).db;
  // The insight tables are written by a first build's layers pass.
  const layersDb = async () => ((await catalogIndexOf(ctx, 'layers')) as IndexView).db;
  return {
    heldSlugs: async (slugs) => heldSlugs(await db(), slugs),
    findFeeds: async (feedIds) => findFeeds(await db(), feedIds),
    findEpisode: async (slug) => findEpisodeBySlug(await db(), slug),
    findEpisodes: async (slugs) => findEpisodesBySlugs(await db(), slugs),
    episodesOfFeeds: async (feedIds) => listEpisodesOfFeeds(await db(), feedIds),
    layersOf: async (episodes) => {
      await catalogIndexOf(ctx, 'layers');
      return readEpisodeLayers(ctx.corpus.at(root), episodes, ctx.logger);
    },
    place: async () => {
      await db();
      return ctx.corpus.at(root);
    },
    episodeOfInsight: async (insightId) => findEpisodeOfInsight(await layersDb(), insightId),
    feedSyncUrls: async () => feedSyncUrlsOf((await catalogIndexOf(ctx, 'catalog')) as IndexView),
    findEpisodesByIds: async (ids) => findEpisodesByIds(await db(), ids),
    findEpisodesByMediaKeys: async (keys) => findEpisodesByMediaKeys(await db(), keys),
  };
}
