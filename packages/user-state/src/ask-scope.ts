import { listPlayback, listSubscriptions } from '@podcast/db';
import type { UserStateDeps } from './deps.js';

/**
 * The episodes a library-scoped answer may quote: every episode of the
 * shows the user subscribes to, and every episode they have a saved
 * playback position for. Only this user's rows are read, so another
 * listener's library can never widen it.
 */
export async function libraryEpisodeIds(deps: UserStateDeps, userId: string): Promise<string[]> {
  const [snapshot, subscriptions, played] = await Promise.all([
    deps.snapshot(),
    listSubscriptions(deps.db, userId),
    listPlayback(deps.db, userId),
  ]);
  const feeds = new Set(subscriptions.map((row) => row.feed_id));
  const ids = new Set<string>();
  for (const episode of snapshot.episodes) {
    if (episode.episode_id !== null && feeds.has(episode.feed_id)) {
      ids.add(episode.episode_id);
    }
  }
  for (const position of played) {
    const id = snapshot.findEpisodeBySlug(position.slug)?.episode_id;
    if (id) {
      ids.add(id);
    }
  }
  return [...ids];
}
