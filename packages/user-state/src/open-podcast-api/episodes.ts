import { actionInstant, type OpaEpisodePage, type OpaPageQuery } from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import {
  listEpisodeFavoriteTimes,
  listOpaEpisodes,
  listPlaybackChangedSince,
  type OpaEpisodeRow,
} from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import {
  corpusEpisodeSyncId,
  corpusPodcastGuid,
  type EpisodeSources,
  episodeOut,
} from './episode-records.js';
import { pageOf } from './paging.js';
import { latestGuid, loadOpaState, type OpaState } from './subscription-state.js';

/** The user's saved positions, by slug. */
export type Playback = Map<
  string,
  { position_seconds: number; finished: boolean; updated_at: Date }
>;

export async function playbackOf(deps: UserStateDeps, userId: string): Promise<Playback> {
  const rows = await listPlaybackChangedSince(deps.db, userId, null);
  return new Map(rows.map((row) => [row.slug, row]));
}

/** The corpus episodes `slugs` name, by slug; unknown ones left out. */
export async function episodesBySlugIn(
  deps: Pick<UserStateDeps, 'holdings'>,
  slugs: Iterable<string>,
): Promise<ReadonlyMap<string, EpisodeRecord>> {
  const episodes = await deps.holdings.findEpisodes([...new Set(slugs)]);
  return new Map(episodes.map((episode) => [episode.slug, episode]));
}

/** A corpus show's GUID as the user's subscription to it names it, else as its feed URL computes. */
function podcastGuidOfEpisode(state: OpaState, episode: EpisodeRecord): string {
  const entity = state.entities.find((e) => e.groupKey === `feed:${episode.feed_id}`);
  return entity === undefined ? corpusPodcastGuid(state.index, episode) : latestGuid(entity);
}

/** A corpus episode's state: its saved position and whether it is a favorite. */
function corpusSourceOf(
  episodes: ReadonlyMap<string, EpisodeRecord>,
  slug: string,
  playback: Playback,
  favorites: ReadonlyMap<string, Date>,
) {
  const episode = episodes.get(slug);
  return (
    episode && {
      episode,
      playback: playback.get(slug),
      favoriteSince: favorites.get(slug) ?? null,
    }
  );
}

/** One record of this API, with its corpus episode's state when it names one. */
export function sourceOfRow(
  row: OpaEpisodeRow,
  episodes: ReadonlyMap<string, EpisodeRecord>,
  playback: Playback,
  favorites: ReadonlyMap<string, Date>,
): EpisodeSources {
  return {
    podcastGuid: row.podcast_guid,
    syncId: row.sync_id,
    row,
    ...(row.slug === null ? {} : corpusSourceOf(episodes, row.slug, playback, favorites)),
  };
}

/**
 * Every episode the user has state about: this API's records, and the
 * corpus episodes the web app or the gPodder API gave a position or made a
 * favorite, each with its corpus state merged in.
 */
function sourcesOf(
  state: OpaState,
  episodes: ReadonlyMap<string, EpisodeRecord>,
  rows: readonly OpaEpisodeRow[],
  playback: Playback,
  favorites: ReadonlyMap<string, Date>,
): EpisodeSources[] {
  const sources = rows.map((row) => sourceOfRow(row, episodes, playback, favorites));
  const recorded = new Set(rows.map((row) => row.slug));
  for (const slug of new Set([...playback.keys(), ...favorites.keys()])) {
    const found = recorded.has(slug)
      ? undefined
      : corpusSourceOf(episodes, slug, playback, favorites);
    if (found !== undefined) {
      sources.push({
        podcastGuid: podcastGuidOfEpisode(state, found.episode),
        syncId: corpusEpisodeSyncId(state.index, found.episode),
        ...found,
      });
    }
  }
  return sources;
}

/**
 * GET /v1/episodes: every episode the user has state about, in the order
 * they changed; with `since`, those changed after it (by a field's time, or
 * on the server after it).
 */
export async function listOpaEpisodePage(
  deps: UserStateDeps,
  userId: string,
  query: OpaPageQuery,
  request: { path: string; query: URLSearchParams },
): Promise<OpaEpisodePage> {
  const [state, rows, playback, favorites] = await Promise.all([
    loadOpaState(deps, userId, { answer: false }),
    listOpaEpisodes(deps.db, userId),
    playbackOf(deps, userId),
    listEpisodeFavoriteTimes(deps.db, userId),
  ]);
  const episodes = await episodesBySlugIn(deps, [
    ...rows.flatMap((row) => row.slug ?? []),
    ...playback.keys(),
    ...favorites.keys(),
  ]);
  const since = query.since === undefined ? undefined : actionInstant(query.since).getTime();
  const shown = sourcesOf(state, episodes, rows, playback, favorites)
    .map((source) => episodeOut(source))
    .filter((e) => since === undefined || e.lastChange > since)
    .sort(
      (a, b) => a.lastChange - b.lastChange || (a.episode.sync_id < b.episode.sync_id ? -1 : 1),
    );
  const { items, ...meta } = pageOf(shown, query.page, query.per_page, request);
  return { ...meta, episodes: items.map((e) => e.episode) };
}
