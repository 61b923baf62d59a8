import type { EpisodeStats } from '@podcast/contracts';
import { projectInsights } from '@podcast/corpus';
import { appendListenEvent, episodeStats } from '@podcast/db';
import { clientTime } from './client-time.js';
import type { UserStateDeps } from './deps.js';
import { findEpisodeIn, getEpisodeIn } from './episode-of.js';

/** Opens of one episode by one user closer together than this count once. */
export const OPEN_WINDOW_MS = 30 * 60_000;

/**
 * Records that the user opened an episode, at the client's time when given
 * (clamped). At most one open per user and episode counts within
 * OPEN_WINDOW_MS ('repeat' otherwise). An episode the corpus lacks is not
 * recorded ('unknown-episode'); the caller decides how loudly to say so
 * (spec 01: the listen route is best effort).
 */
export async function recordListen(
  deps: UserStateDeps,
  userId: string,
  slug: string,
  clientTs?: number,
): Promise<'recorded' | 'repeat' | 'unknown-episode'> {
  const episode = await findEpisodeIn(deps, slug);
  if (episode === undefined) {
    return 'unknown-episode';
  }
  const at = clientTime(clientTs, deps.now());
  const recorded = await appendListenEvent(
    deps.db,
    userId,
    slug,
    episode.feed_id || null,
    at,
    OPEN_WINDOW_MS,
  );
  return recorded ? 'recorded' : 'repeat';
}

/**
 * Aggregate listening of one episode across all users, with the number of
 * insights the episode shows; NotFound for a slug the corpus lacks.
 */
export async function episodeListenStats(deps: UserStateDeps, slug: string): Promise<EpisodeStats> {
  const episode = await getEpisodeIn(deps, slug);
  const [files, listens] = await Promise.all([
    deps.holdings.layersOf([episode]),
    episodeStats(deps.db, slug, deps.now()),
  ]);
  const graph = files.graphOf(episode);
  return { ...listens, insights: graph ? projectInsights(graph).length : 0 };
}
