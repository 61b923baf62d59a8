import { readEpisodeLayers } from '@podcast/corpus';
import {
  findEpisodeBySlug,
  findEpisodeOfInsight,
  findEpisodesBySlugs,
  findFeeds,
  heldSlugs,
  listEpisodesOfFeeds,
} from '@podcast/corpus-index';
import { type CorpusHoldings, holdingsOfSnapshot } from '@podcast/user-state';
import type { ConsumerCtx } from './context.js';
import { catalogIndexOf } from './routes/catalog/catalog-index.js';

/**
 * What user-state asks of the corpus: the corpus index when it is on (503
 * while its first build runs, as a first load), else the loaded snapshot.
 */
export function corpusHoldingsOf(ctx: ConsumerCtx): CorpusHoldings {
  const root = ctx.config.corpusDir;
  if (ctx.corpusIndex === undefined) {
    return holdingsOfSnapshot(() => ctx.corpus.get(root));
  }
  // Only made while the index is on, when catalogIndexOf answers a view or throws the 503.
  const db = () =>
    (catalogIndexOf(ctx, 'catalog') as NonNullable<ReturnType<typeof catalogIndexOf>>).db;
  // The insight tables are written by a first build's layers pass.
  const layersDb = () =>
    (catalogIndexOf(ctx, 'layers') as NonNullable<ReturnType<typeof catalogIndexOf>>).db;
  return {
    heldSlugs: async (slugs) => heldSlugs(db(), slugs),
    findFeeds: async (feedIds) => findFeeds(db(), feedIds),
    findEpisode: async (slug) => findEpisodeBySlug(db(), slug),
    findEpisodes: async (slugs) => findEpisodesBySlugs(db(), slugs),
    episodesOfFeeds: async (feedIds) => listEpisodesOfFeeds(db(), feedIds),
    layersOf: async (episodes) => {
      catalogIndexOf(ctx, 'layers');
      return readEpisodeLayers(ctx.corpus.at(root), episodes, ctx.logger);
    },
    place: async () => {
      db();
      return ctx.corpus.at(root);
    },
    episodeOfInsight: async (insightId) => findEpisodeOfInsight(layersDb(), insightId),
  };
}
