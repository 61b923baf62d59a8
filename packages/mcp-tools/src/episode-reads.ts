import type { InsightProjection } from '@podcast/contracts';
import { type EpisodeFiles, type EpisodeRecord, insightListOf } from '@podcast/corpus';
import { ToolError } from './define-tool.js';
import type { UserToolsCtx } from './user-tools-ctx.js';

/*
 * How the tools read an episode: through the user state's corpus holdings,
 * which the host builds over the corpus index when it is on and over the
 * loaded snapshot otherwise, so each tool has one path whichever answers.
 */

/** The episode `slug` names, or the tool error every tool answers for an unknown one. */
export async function getEpisodeOf(ctx: UserToolsCtx, slug: string): Promise<EpisodeRecord> {
  const episode = await ctx.userState.holdings.findEpisode(slug);
  if (!episode) {
    throw new ToolError(`no episode with slug ${slug}`);
  }
  return episode;
}

/** The episode `slug` names with its GI, KG and bridge files, read now. */
export async function episodeWithLayers(
  ctx: UserToolsCtx,
  slug: string,
): Promise<{ episode: EpisodeRecord; files: EpisodeFiles }> {
  const episode = await getEpisodeOf(ctx, slug);
  return { episode, files: await ctx.userState.holdings.layersOf([episode]) };
}

type ListOwner = Parameters<typeof insightListOf>[0];

// Layers read for one call have no snapshot to keep a projected list on, so it is made per call.
const UNKEPT: ListOwner = {
  derived: {
    derive: <T>(_key: symbol, build: () => T): T => build(),
    forget: () => {},
    size: 0,
  },
};

/** The insights the episode shows, as insightListOf projects them from its GI file. */
export function insightsOf(
  files: EpisodeFiles,
  episode: EpisodeRecord,
): readonly InsightProjection[] {
  const owner = 'derived' in files ? (files as ListOwner) : UNKEPT;
  return insightListOf(owner, files.graphOf(episode)).items;
}
