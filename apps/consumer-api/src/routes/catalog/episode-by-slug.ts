import { NotFound } from '@podcast/contracts';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import type { ConsumerCtx } from '../../context.js';

/** The shared corpus snapshot and the episode a slug names; 404 for an unknown slug. */
export async function episodeBySlug(
  ctx: ConsumerCtx,
  slug: string,
): Promise<{ snapshot: CorpusSnapshot; episode: EpisodeRecord }> {
  const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
  const episode = snapshot.findEpisodeBySlug(slug);
  if (episode === undefined) {
    throw new NotFound(`no episode with slug ${slug}`);
  }
  return { snapshot, episode };
}
