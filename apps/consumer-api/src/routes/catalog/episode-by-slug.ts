import {
  type CorpusPlace,
  type CorpusSnapshot,
  type EpisodeFiles,
  type EpisodeRecord,
  readEpisodeLayers,
  requireLayers,
} from '@podcast/corpus';
import { findEpisodeBySlug } from '@podcast/corpus-index';
import type { ConsumerCtx } from '../../context.js';
import { catalogIndexOf, indexSeenAt, unknownSlug } from './catalog-index.js';

/** The shared corpus snapshot and the episode a slug names; 404 for an unknown slug. */
export async function episodeBySlug(
  ctx: ConsumerCtx,
  slug: string,
): Promise<{ snapshot: CorpusSnapshot; episode: EpisodeRecord }> {
  const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
  const episode = snapshot.findEpisodeBySlug(slug);
  if (episode === undefined) {
    throw unknownSlug(slug);
  }
  return { snapshot, episode };
}

/** An episode a slug names, with what its per-episode files are read through. */
export interface SlugEpisode {
  episode: EpisodeRecord;
  /** The corpus root and the bounded caches its files are read through. */
  place: CorpusPlace;
  /**
   * The place with the episode's GI, KG and bridge: the snapshot's (503
   * while a first load reads them), or read now when the index answers.
   */
  files(): Promise<EpisodeFiles>;
  /** When the store that answered last changed, as this process saw it (Last-Modified). */
  changedAt: Date;
}

/**
 * The episode a slug names, from the corpus index's stored record when the
 * index is on, else from the snapshot; 404 for an unknown slug either way.
 * Its files stay on disk and are read on demand.
 */
export async function slugEpisode(ctx: ConsumerCtx, slug: string): Promise<SlugEpisode> {
  const index = await catalogIndexOf(ctx, 'catalog');
  if (index === undefined) {
    const { snapshot, episode } = await episodeBySlug(ctx, slug);
    const files = async () => {
      requireLayers(snapshot);
      return snapshot;
    };
    return { episode, place: snapshot, files, changedAt: snapshot.loadedAt };
  }
  const episode = await findEpisodeBySlug(index.db, slug);
  if (episode === undefined) {
    throw unknownSlug(slug);
  }
  const place = ctx.corpus.at(ctx.config.corpusDir);
  return {
    episode,
    place,
    files: () => readEpisodeLayers(place, [episode], ctx.logger),
    changedAt: indexSeenAt(index),
  };
}
