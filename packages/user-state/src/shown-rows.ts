import type { FeedRecord } from '@podcast/corpus';
import type { UserStateDeps } from './deps.js';

/** The episode a per-user row names; `undefined` when it names none. */
export type EpisodeRef = { slug: string } | undefined;

/** Which of `slugs` name an episode of the deps' corpus. */
export function heldSlugsIn(
  deps: UserStateDeps,
  slugs: readonly string[],
): Promise<ReadonlySet<string>> {
  return deps.holdings.heldSlugs(slugs);
}

/**
 * The rows a user is shown. A row whose episode or show left the corpus keeps
 * its database row (it reappears when the corpus brings the episode back) but
 * is not listed (docs/decisions/accounts.md). Favorites, queue, playback, the
 * library and the OPML export all list through here; rows naming no episode are shown.
 */
export async function shownRowsIn<T>(
  deps: UserStateDeps,
  rows: readonly T[],
  refOf: (row: T) => EpisodeRef,
): Promise<T[]> {
  const refs = rows.map(refOf);
  const held = await heldSlugsIn(
    deps,
    refs.flatMap((ref) => (ref ? [ref.slug] : [])),
  );
  return rows.filter((_row, at) => {
    const ref = refs[at];
    return ref === undefined || held.has(ref.slug);
  });
}

/** The same rule for rows naming a show: the shown ones, each with its show's record. */
export async function shownFeedRowsIn<T>(
  deps: Pick<UserStateDeps, 'holdings'>,
  rows: readonly T[],
  feedIdOf: (row: T) => string,
): Promise<{ row: T; feed: FeedRecord }[]> {
  const feeds = await deps.holdings.findFeeds(rows.map(feedIdOf));
  return rows.flatMap((row) => {
    const feed = feeds.get(feedIdOf(row));
    return feed === undefined ? [] : [{ row, feed }];
  });
}
