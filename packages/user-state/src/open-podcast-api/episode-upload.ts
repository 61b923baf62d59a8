import {
  actionInstant,
  type EpisodeActionIn,
  OPA_LIMITS,
  type OpaEpisodeIn,
  type OpaEpisodeResults,
} from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import {
  deleteFavorite,
  findOpaEpisodes,
  listEpisodeFavoriteTimes,
  lockUser,
  type OpaEpisodeRow,
  type PlaybackWrite,
  putPlaybackMany,
  saveFavorite,
  withTransaction,
  writeOpaEpisodes,
} from '@podcast/db';
import { clientTime } from '../client-time.js';
import type { UserStateDeps } from '../deps.js';
import { protocolTime, uploadEpisodeActions } from '../sync/episode-actions.js';
import { type EpisodeName, type SyncIndex, withEpisodesNamed } from '../sync/sync-index.js';
import {
  blankRow,
  corpusEpisodeSyncId,
  corpusPodcastGuid,
  type DataField,
  episodeOut,
  identifiersOf,
  mergeUpload,
} from './episode-records.js';
import { episodesBySlugIn, type Playback, playbackOf, sourceOfRow } from './episodes.js';
import { episodeSyncId, podcastGuidOf } from './guids.js';
import { findEntity, loadOpaState, type OpaState } from './subscription-state.js';

/** An upload's episode: the record it names (or will make), and its corpus episode. */
interface Resolved {
  item: OpaEpisodeIn;
  syncId: string;
  slug: string | null;
}

/**
 * The corpus episodes of the show a podcast GUID names (by subscription, or
 * by its computed GUID), in catalog order. Without a subscription, only the
 * shows whose URL computes to the GUID, and those without a URL (each of
 * their episodes computes its own), are read.
 */
async function corpusEpisodesOf(
  deps: UserStateDeps,
  state: OpaState,
  podcastGuid: string,
): Promise<readonly EpisodeRecord[]> {
  const entity = findEntity(state, podcastGuid);
  if (entity?.groupKey.startsWith('feed:')) {
    return deps.holdings.episodesOfFeeds([entity.groupKey.slice('feed:'.length)]);
  }
  const feeds = (await deps.holdings.feedSyncUrls()).flatMap(({ feed_id }) => {
    const url = state.index.feedUrlOf(feed_id);
    return url === undefined || podcastGuidOf(url) === podcastGuid ? [feed_id] : [];
  });
  const episodes = await deps.holdings.episodesOfFeeds(feeds);
  return episodes.filter((e) => corpusPodcastGuid(state.index, e) === podcastGuid);
}

/** How an upload's item names its episode, when it sends no sync id. */
function nameOf(item: OpaEpisodeIn): EpisodeName {
  const ids = identifiersOf(item);
  return { guid: ids.episode_guid ?? undefined, mediaUrl: ids.enclosure_url ?? '' };
}

/** How a record names its episode. */
function nameOfRow(row: OpaEpisodeRow): EpisodeName {
  return { guid: row.episode_guid ?? undefined, mediaUrl: row.enclosure_url ?? '' };
}

/**
 * Which episode an upload names: its sync id (a record, or a corpus
 * episode's id), else the draft's waterfall within its podcast (the RSS
 * guid, then the enclosure URL) over the records, then the corpus (the
 * gPodder API's match: guid, else enclosure URL), else a new episode.
 */
async function resolve(
  item: OpaEpisodeIn,
  rows: ReadonlyMap<string, OpaEpisodeRow>,
  ctx: { deps: UserStateDeps; state: OpaState; index: SyncIndex },
): Promise<Resolved | { message: string }> {
  const { index } = ctx;
  if (item.sync_id !== undefined) {
    const row = rows.get(item.sync_id);
    const episode =
      row === undefined
        ? (await corpusEpisodesOf(ctx.deps, ctx.state, item.podcast_guid)).find(
            (e) => corpusEpisodeSyncId(index, e) === item.sync_id,
          )
        : index.episodeOf(row.episode_guid ?? undefined, row.enclosure_url ?? '');
    if (row === undefined && episode === undefined) {
      return { message: `sync_id: no episode ${item.sync_id}` };
    }
    return { item, syncId: item.sync_id, slug: row?.slug ?? episode?.slug ?? null };
  }
  const ids = identifiersOf(item);
  if (ids.episode_guid === null && ids.enclosure_url === null && ids.title === null) {
    return { message: 'send sync_id, or episode_guid, enclosure_url or title' };
  }
  const ofPodcast = [...rows.values()].filter((r) => r.podcast_guid === item.podcast_guid);
  const row =
    (ids.episode_guid === null
      ? undefined
      : ofPodcast.find((r) => r.episode_guid === ids.episode_guid)) ??
    (ids.enclosure_url === null
      ? undefined
      : ofPodcast.find((r) => r.enclosure_url === ids.enclosure_url));
  const episode = index.episodeOf(ids.episode_guid ?? undefined, ids.enclosure_url ?? '');
  const syncId =
    row?.sync_id ??
    (episode === undefined
      ? episodeSyncId(item.podcast_guid, {
          guid: ids.episode_guid,
          title: ids.title,
          enclosureUrl: ids.enclosure_url,
          publishDate: ids.publish_date,
        })
      : corpusEpisodeSyncId(index, episode));
  return { item, syncId, slug: row?.slug ?? episode?.slug ?? null };
}

/** The sync ids an upload may name, so their records are read at once. */
function candidateIds(items: readonly OpaEpisodeIn[], index: SyncIndex): string[] {
  return items.flatMap((item) => {
    if (item.sync_id !== undefined) {
      return [item.sync_id];
    }
    const ids = identifiersOf(item);
    const episode = index.episodeOf(ids.episode_guid ?? undefined, ids.enclosure_url ?? '');
    return episode === undefined ? [] : [corpusEpisodeSyncId(index, episode)];
  });
}

/**
 * Positions and played flags of corpus episodes, through the web app's
 * newest-wins upsert, at the client's time clamped as the web app clamps
 * it; only what is newer than the saved position.
 */
function playbackWrites(
  userId: string,
  resolved: readonly Resolved[],
  playback: Playback,
  now: Date,
): PlaybackWrite[] {
  return resolved.flatMap(({ item, slug }) => {
    const saved = slug === null ? undefined : playback.get(slug);
    const newer = (sent: { timestamp: string } | undefined) =>
      sent !== undefined &&
      (saved === undefined || actionInstant(sent.timestamp) > saved.updated_at);
    const position = newer(item.playback_position) ? item.playback_position : undefined;
    const played = newer(item.played_status) ? item.played_status : undefined;
    if (slug === null || (position === undefined && played === undefined)) {
      return [];
    }
    const at = Math.max(
      ...[position, played].map((f) => (f ? actionInstant(f.timestamp).getTime() : 0)),
    );
    return [
      {
        userId,
        slug,
        positionSeconds: position?.value ?? saved?.position_seconds ?? 0,
        finished: played?.value ?? saved?.finished ?? false,
        at: clientTime(at / 1000, now),
      },
    ];
  });
}

/**
 * gPodder actions of what an upload changed on an episode outside the
 * corpus, so podcast apps on the gPodder and Nextcloud APIs see it: plays,
 * downloads and deletions, new. Only where the podcast's feed URL and the
 * enclosure URL are known (the protocol names episodes by them).
 */
function gpodderActionsOf(
  state: OpaState,
  row: OpaEpisodeRow,
  applied: ReadonlySet<DataField>,
): EpisodeActionIn[] {
  const podcast = findEntity(state, row.podcast_guid)?.feedUrl;
  if (row.slug !== null || podcast === undefined || row.enclosure_url === null) {
    return [];
  }
  const base = {
    podcast,
    episode: row.enclosure_url,
    ...(row.episode_guid === null ? {} : { guid: row.episode_guid }),
  };
  const actions: EpisodeActionIn[] = [];
  if (applied.has('playback_position') && row.position !== null && row.position_at !== null) {
    actions.push({
      ...base,
      action: 'play',
      timestamp: protocolTime(row.position_at),
      position: row.position,
    });
  }
  if (applied.has('download_status') && row.download_at !== null) {
    const action = row.downloaded ? 'download' : 'delete';
    actions.push({ ...base, action, timestamp: protocolTime(row.download_at) });
  }
  if (applied.has('new_status') && row.is_new === true && row.new_at !== null) {
    actions.push({ ...base, action: 'new', timestamp: protocolTime(row.new_at) });
  }
  return actions;
}

/**
 * POST /v1/episodes: each episode's fields are merged into its record
 * (the newest time wins, field by field), in one transaction. On a corpus
 * episode, the position and played flag move the web app's position and
 * the favorite its favorites; on others, changes are also stored as gPodder
 * actions. Episodes that cannot be named are failures; the rest succeed
 * and are answered as they now are.
 */
export async function uploadOpaEpisodes(
  deps: UserStateDeps,
  userId: string,
  items: readonly OpaEpisodeIn[],
  clientId: string | null,
): Promise<OpaEpisodeResults> {
  const now = deps.now();
  const state = await loadOpaState(deps, userId, { answer: false });
  const itemNames = items.flatMap((item) => (item.sync_id === undefined ? [nameOf(item)] : []));
  const itemsIndex = await withEpisodesNamed(deps, state.index, itemNames);
  return withTransaction(deps.db, async (trx) => {
    const txDeps = { ...deps, db: trx };
    const named = await findOpaEpisodes(trx, userId, {
      podcastGuids: items.map((i) => i.podcast_guid),
      syncIds: candidateIds(items, itemsIndex),
    });
    const rows = new Map(named.map((row) => [row.sync_id, row]));
    const rowNames = items.flatMap((item) => {
      const row = item.sync_id === undefined ? undefined : rows.get(item.sync_id);
      return row === undefined ? [] : [nameOfRow(row)];
    });
    const index = await withEpisodesNamed(deps, state.index, [...itemNames, ...rowNames]);
    const ctx = { deps, state, index };
    const failure: OpaEpisodeResults['failure'] = [];
    const resolved: Resolved[] = [];
    for (const item of items) {
      const found = await resolve(item, rows, ctx);
      if ('message' in found) {
        failure.push({
          podcast_guid: item.podcast_guid,
          ...(item.sync_id === undefined ? {} : { sync_id: item.sync_id }),
          ...(item.temporary_id === undefined ? {} : { temporary_id: item.temporary_id }),
          message: found.message,
        });
      } else {
        resolved.push(found);
      }
    }
    // Positions first, then the user row: the web app's upsert locks in that order.
    await putPlaybackMany(
      trx,
      playbackWrites(userId, resolved, await playbackOf(txDeps, userId), now),
    );
    await lockUser(trx, userId);
    const merged = await mergeUnderLock(txDeps, userId, resolved, { state, now, clientId });
    const [playback, favorites, episodes] = await Promise.all([
      playbackOf(txDeps, userId),
      listEpisodeFavoriteTimes(trx, userId),
      episodesBySlugIn(
        deps,
        [...merged.values()].flatMap((row) => row.slug ?? []),
      ),
    ]);
    const success = resolved.map(({ item, syncId }) => {
      const row = merged.get(syncId);
      const source = row && sourceOfRow(row, episodes, playback, favorites);
      return episodeOut(source ?? { podcastGuid: item.podcast_guid, syncId }, item.temporary_id)
        .episode;
    });
    return { success, failure };
  });
}

/**
 * Under the user's lock: the records read again (a racing upload may have
 * made one), merged, written; favorites and gPodder actions follow them.
 */
async function mergeUnderLock(
  deps: UserStateDeps,
  userId: string,
  resolved: readonly Resolved[],
  write: { state: OpaState; now: Date; clientId: string | null },
): Promise<Map<string, OpaEpisodeRow>> {
  const fresh = await findOpaEpisodes(deps.db, userId, {
    podcastGuids: [],
    syncIds: resolved.map((r) => r.syncId),
  });
  const rows = new Map(fresh.map((row) => [row.sync_id, row]));
  const favorites = await listEpisodeFavoriteTimes(deps.db, userId);
  const actions: EpisodeActionIn[] = [];
  for (const { item, syncId, slug } of resolved) {
    const base = rows.get(syncId) ?? blankRow(syncId, item.podcast_guid, slug, write.now);
    const { row, applied } = mergeUpload({ ...base, slug: base.slug ?? slug }, item, write);
    rows.set(syncId, row);
    const favorite = item.favorite_status;
    if (slug !== null && favorite !== undefined && applied.has('favorite_status')) {
      const since = favorites.get(slug);
      if (favorite.value) {
        await saveFavorite(deps.db, userId, { kind: 'episode', ref: slug }, write.now);
      } else if (since === undefined || since < actionInstant(favorite.timestamp)) {
        await deleteFavorite(deps.db, userId, 'episode', slug);
      }
    }
    actions.push(...gpodderActionsOf(write.state, row, applied));
  }
  if (actions.length > 0) {
    await uploadEpisodeActions(deps, userId, actions);
  }
  const written = resolved.flatMap((r) => rows.get(r.syncId) ?? []);
  await writeOpaEpisodes(
    deps.db,
    userId,
    [...new Map(written.map((r) => [r.sync_id, r])).values()],
    OPA_LIMITS.episodesPerUser,
  );
  return rows;
}
