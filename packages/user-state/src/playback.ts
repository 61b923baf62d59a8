import type { PlaybackList, PlaybackPosition, PlaybackPut } from '@podcast/contracts';
import { listPlayback } from '@podcast/db';
import { clientTime } from './client-time.js';
import type { UserStateDeps } from './deps.js';
import { getEpisodeIn } from './episode-of.js';
import { shownRowsIn } from './shown-rows.js';

/** Saved positions, most recently updated first, without episodes that left the corpus. */
export async function listUserPlayback(deps: UserStateDeps, userId: string): Promise<PlaybackList> {
  const items = await listPlayback(deps.db, userId);
  return { items: await shownRowsIn(deps, items, (item) => ({ slug: item.slug })) };
}

/**
 * Saves a position stamped with the client's time (clamped, see clientTime):
 * the newest write wins, so a replayed older one answers the stored newer
 * row. NotFound for a slug the corpus lacks.
 */
export async function saveUserPlayback(
  deps: UserStateDeps,
  userId: string,
  slug: string,
  put: PlaybackPut,
): Promise<PlaybackPosition> {
  await getEpisodeIn(deps, slug);
  return deps.playback.save({
    userId,
    slug,
    positionSeconds: put.position_seconds,
    finished: put.finished,
    at: clientTime(put.client_ts, deps.now()),
  });
}
