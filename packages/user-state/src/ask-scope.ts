import { listPlayback, listSubscriptions } from '@podcast/db';
import type { UserStateDeps } from './deps.js';

/**
 * The episodes a library-scoped answer may quote: every episode of the
 * shows the user subscribes to, and every episode they have a saved
 * playback position for. Only this user's rows are read, so another
 * listener's library can never widen it.
 */
export async function libraryEpisodeIds(deps: UserStateDeps, userId: string): Promise<string[]> {
  const [subscriptions, played] = await Promise.all([
    listSubscriptions(deps.db, userId),
    listPlayback(deps.db, userId),
  ]);
  const [subscribed, playedEpisodes] = await Promise.all([
    deps.holdings.episodesOfFeeds([...new Set(subscriptions.map((row) => row.feed_id))]),
    deps.holdings.findEpisodes(played.map((position) => position.slug)),
  ]);
  const ids = new Set<string>();
  for (const episode of subscribed) {
    if (episode.episode_id !== null) {
      ids.add(episode.episode_id);
    }
  }
  for (const episode of playedEpisodes) {
    if (episode.episode_id) {
      ids.add(episode.episode_id);
    }
  }
  return [...ids];
}
