import { type AskCorpus, indexedAskCorpus, snapshotAskCorpus } from '@podcast/ask';
import type { EpisodeRecord, FeedRecord } from '@podcast/corpus';
import { findEpisodeOfInsight, findEpisodesByIds, queryTermCounts } from '@podcast/corpus-index';
import { placeSearchCorpus, type SearchCorpus, snapshotSearchCorpus } from '@podcast/search';
import type { ConsumerCtx } from '../../context.js';
import { corpusHoldingsOf } from '../../corpus-holdings.js';
import { catalogIndexOf, unknownSlug } from '../catalog/catalog-index.js';

/** The shared corpus as the search routes read it, whichever store answers. */
export interface SearchLibrary {
  corpus: SearchCorpus;
  /** The episode a slug names; 404 for an unknown slug. */
  getEpisode(slug: string): Promise<EpisodeRecord>;
  /** The records of the shows among `feedIds`, by feed id. */
  findFeeds(feedIds: readonly string[]): Promise<ReadonlyMap<string, FeedRecord>>;
}

/**
 * From the corpus index when it is on (hits hydrated from its episodes and
 * their layer files read on demand; the catalog pass is all that needs),
 * else from the snapshot, as before.
 */
export async function searchLibraryOf(ctx: ConsumerCtx): Promise<SearchLibrary> {
  const index = await catalogIndexOf(ctx, 'catalog');
  if (index === undefined) {
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    return { corpus: snapshotSearchCorpus(snapshot), ...episodesAndShowsOf(ctx) };
  }
  const { db } = index;
  return {
    corpus: placeSearchCorpus(
      ctx.corpus.at(ctx.config.corpusDir),
      (ids) => findEpisodesByIds(db, ids),
      ctx.logger,
    ),
    ...episodesAndShowsOf(ctx),
  };
}

/** The episode a slug names (the catalog's 404 when unknown) and shows, asked of the holdings. */
function episodesAndShowsOf(ctx: ConsumerCtx): Omit<SearchLibrary, 'corpus'> {
  const holdings = corpusHoldingsOf(ctx);
  return {
    getEpisode: async (slug) => {
      const episode = await holdings.findEpisode(slug);
      if (episode === undefined) {
        throw unknownSlug(slug);
      }
      return episode;
    },
    findFeeds: (feedIds) => holdings.findFeeds(feedIds),
  };
}

/** The shared corpus as ask reads it, and the episode a slug names. */
export interface AskLibrary {
  corpus: AskCorpus;
  /** The episode a slug names; 404 for an unknown slug. */
  getEpisode(slug: string): Promise<EpisodeRecord>;
}

/**
 * From the corpus index when it is on (its rows, with transcripts and
 * layer files read on demand; the term weights and the episode of an
 * insight need the layer tables, so a first build's second pass answers
 * 503), else from the snapshot, as before.
 */
export async function askLibraryOf(ctx: ConsumerCtx): Promise<AskLibrary> {
  const index = await catalogIndexOf(ctx, 'layers');
  if (index === undefined) {
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    return { corpus: snapshotAskCorpus(snapshot), getEpisode: episodesAndShowsOf(ctx).getEpisode };
  }
  const { db, version } = index;
  return {
    corpus: indexedAskCorpus(
      {
        version,
        place: ctx.corpus.at(ctx.config.corpusDir),
        episodesByIds: (ids) => findEpisodesByIds(db, ids),
        episodeOfInsight: (insightId) => findEpisodeOfInsight(db, insightId, 'last'),
        termCounts: (terms) => queryTermCounts(db, terms),
      },
      ctx.logger,
    ),
    getEpisode: episodesAndShowsOf(ctx).getEpisode,
  };
}
