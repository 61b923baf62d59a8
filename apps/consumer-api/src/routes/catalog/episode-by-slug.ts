import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import type { ConsumerCtx } from '../../context.js';
import { unknownSlug } from './catalog-index.js';

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
