import type { PlaybackList, PlaybackPosition } from '@podcast/contracts';
import { listPlayback } from '@podcast/db';
import type { UserStateDeps } from './deps.js';
import { getEpisode } from './episode-of.js';
import { shownRows } from './shown-rows.js';

/** Saved positions, most recently updated first, without episodes that left the corpus. */
export async function listUserPlayback(deps: UserStateDeps, userId: string): Promise<PlaybackList> {
  const [snapshot, items] = await Promise.all([deps.snapshot(), listPlayback(deps.db, userId)]);
  return { items: shownRows(snapshot, items, (item) => ({ slug: item.slug })) };
}

/** Saves a position (the newest write wins); NotFound for a slug the corpus lacks. */
export async function saveUserPlayback(
  deps: UserStateDeps,
  userId: string,
  slug: string,
  positionSeconds: number,
): Promise<PlaybackPosition> {
  getEpisode(await deps.snapshot(), slug);
  return deps.playback.save({ userId, slug, positionSeconds, at: deps.now() });
}
