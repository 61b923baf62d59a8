import type { EpisodeStats } from '@podcast/contracts';
import { projectInsights } from '@podcast/corpus';
import { appendListenEvent, episodeStats } from '@podcast/db';
import type { UserStateDeps } from './deps.js';
import { getEpisode } from './episode-of.js';

/**
 * Appends one episode-opened event. An episode the corpus lacks is not
 * recorded ('unknown-episode'); the caller decides how loudly to say so
 * (spec 01: the listen route is best effort).
 */
export async function recordListen(
  deps: UserStateDeps,
  userId: string,
  slug: string,
): Promise<'recorded' | 'unknown-episode'> {
  const episode = (await deps.snapshot()).findEpisodeBySlug(slug);
  if (episode === undefined) {
    return 'unknown-episode';
  }
  await appendListenEvent(deps.db, userId, slug, episode.feed_id || null, deps.now());
  return 'recorded';
}

/**
 * Aggregate listening of one episode across all users, with the number of
 * insights the episode shows; NotFound for a slug the corpus lacks.
 */
export async function episodeListenStats(deps: UserStateDeps, slug: string): Promise<EpisodeStats> {
  const snapshot = await deps.snapshot();
  const graph = snapshot.graphOf(getEpisode(snapshot, slug));
  const listens = await episodeStats(deps.db, slug, deps.now());
  return { ...listens, insights: graph ? projectInsights(graph).length : 0 };
}
