import { createHash } from 'node:crypto';
import {
  actionInstant,
  type EpisodeActionIn,
  type EpisodeActionOut,
  type EpisodeActionPage,
  type EpisodeActionQuery,
  type SubscriptionChangeResult,
  SYNC_LIMITS,
} from '@podcast/contracts';
import {
  answerSyncStamp,
  type EpisodeActionRow,
  insertEpisodeActions,
  knownActionKeys,
  listEpisodeActions,
  listPlaybackChangedSince,
  lockUser,
  type PlaybackWrite,
  putPlaybackMany,
  type StoredEpisodeAction,
  takeSyncStamp,
  upsertSyncDevice,
  withTransaction,
} from '@podcast/db';
import { clientTime } from '../client-time.js';
import type { UserStateDeps } from '../deps.js';
import { feedUrlKey } from '../opml-document.js';
import { sanitizeSyncUrl } from './feed-url.js';
import { type EpisodeName, type SyncIndex, syncIndexIn } from './sync-index.js';

/** A play action counts as finished within this many seconds of the end (or 5 % of it). */
const FINISHED_WITHIN_S = 5;

export function isFinishedPlay(position: number, total: number | undefined): boolean {
  return (
    total !== undefined &&
    total > 0 &&
    position >= total - Math.min(FINISHED_WITHIN_S, total * 0.05)
  );
}

/** The protocol's time format: UTC, seconds, no zone (`2026-11-26T09:00:00`). */
export function protocolTime(at: Date): string {
  return at.toISOString().slice(0, 19);
}

interface Prepared {
  row: EpisodeActionRow;
  action: EpisodeActionIn;
}

function contentKey(a: EpisodeActionIn, podcast: string, episode: string): string {
  const at = a.timestamp === undefined ? '' : actionInstant(a.timestamp).toISOString();
  const parts = [podcast, episode, a.guid ?? '', a.device ?? '', a.action, at];
  parts.push(String(a.started ?? ''), String(a.position ?? ''), String(a.total ?? ''));
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Sanitises each action's URLs (an action whose URL is refused is dropped,
 * as the protocol says) and gives it its content key; a repeat within the
 * batch is kept once.
 */
function prepare(
  actions: readonly EpisodeActionIn[],
  now: Date,
): { prepared: Prepared[]; updates: [string, string][] } {
  const updates = new Map<string, string>();
  const byKey = new Map<string, Prepared>();
  const clean = (sent: string) => {
    const stored = sanitizeSyncUrl(sent);
    if (stored !== sent) {
      updates.set(sent, stored);
    }
    return stored;
  };
  for (const action of actions) {
    const podcast = clean(action.podcast);
    const episode = clean(action.episode);
    if (podcast === '' || episode === '') {
      continue;
    }
    const key = contentKey(action, podcast, episode);
    byKey.set(key, {
      action,
      row: {
        content_key: key,
        podcast,
        episode,
        guid: action.guid ?? null,
        device_id: action.device ?? null,
        action: action.action,
        action_at: action.timestamp === undefined ? now : actionInstant(action.timestamp),
        started: action.started ?? null,
        position: action.position ?? null,
        total: action.total ?? null,
      },
    });
  }
  return { prepared: [...byKey.values()], updates: [...updates.entries()] };
}

/** The actions that move a playback position: play and new. */
function movesPosition(action: { action: string }): boolean {
  return action.action === 'play' || action.action === 'new';
}

/** The playback writes of play and new actions on corpus episodes (unknown ones are only stored). */
function playbackWrites(
  index: SyncIndex,
  userId: string,
  fresh: readonly Prepared[],
  now: Date,
): PlaybackWrite[] {
  const writes: PlaybackWrite[] = [];
  for (const { action, row } of fresh) {
    if (!movesPosition(action)) {
      continue;
    }
    const episode = index.episodeOf(action.guid, row.episode);
    if (episode === undefined) {
      continue;
    }
    const position = action.action === 'play' ? (action.position ?? 0) : 0;
    writes.push({
      userId,
      slug: episode.slug,
      positionSeconds: position,
      finished: action.action === 'play' && isFinishedPlay(position, action.total),
      at: clientTime(row.action_at.getTime() / 1000, now),
    });
  }
  return writes;
}

/**
 * POST /api/2/episodes/{user}.json. The whole batch goes in one
 * transaction: new actions are stored (a retried upload finds every action
 * stored already and changes nothing), devices they name are created, and
 * play and new actions on corpus episodes move the playback position when
 * they are newer than it (the newest timestamp wins against the web app's
 * writes too).
 */
export async function uploadEpisodeActions(
  deps: UserStateDeps,
  userId: string,
  actions: readonly EpisodeActionIn[],
): Promise<SubscriptionChangeResult> {
  const now = deps.now();
  const { prepared, updates } = prepare(actions, now);
  const index = await syncIndexIn(
    deps,
    prepared.flatMap(({ action, row }) =>
      movesPosition(action) ? [{ guid: action.guid, mediaUrl: row.episode }] : [],
    ),
  );
  const keys = prepared.map((p) => p.row.content_key);
  const timestamp = await withTransaction(deps.db, async (trx) => {
    const storedBefore = await knownActionKeys(trx, userId, keys);
    const moves = playbackWrites(
      index,
      userId,
      prepared.filter((p) => !storedBefore.has(p.row.content_key)),
      now,
    );
    // Positions first, then the user row: the web app's upsert takes its
    // locks in that order, so the two never wait on each other in a cycle.
    // Replaying a move a racing upload also makes changes nothing (newest wins).
    await putPlaybackMany(trx, moves);
    await lockUser(trx, userId);
    // Again under the lock: a racing upload of the same actions may have stored them.
    const known = await knownActionKeys(trx, userId, keys);
    const fresh = prepared.filter((p) => !known.has(p.row.content_key));
    if (fresh.length === 0) {
      return answerSyncStamp(trx, userId);
    }
    const stamp = await takeSyncStamp(trx, userId);
    const devices = new Set(fresh.flatMap((p) => p.row.device_id ?? []));
    for (const device of [...devices].sort()) {
      await upsertSyncDevice(trx, userId, device, {}, now, SYNC_LIMITS.devicesPerUser);
    }
    await insertEpisodeActions(
      trx,
      userId,
      fresh.map((p) => p.row),
      stamp,
      SYNC_LIMITS.actionsPerUser,
    );
    return answerSyncStamp(trx, userId);
  });
  return { timestamp, update_urls: updates };
}

function storedOut(a: StoredEpisodeAction): EpisodeActionOut {
  return {
    podcast: a.podcast,
    episode: a.episode,
    ...(a.guid === null ? {} : { guid: a.guid }),
    ...(a.device_id === null ? {} : { device: a.device_id }),
    action: a.action as EpisodeActionOut['action'],
    timestamp: protocolTime(a.action_at),
    ...(a.started === null ? {} : { started: a.started }),
    ...(a.position === null ? {} : { position: a.position }),
    ...(a.total === null ? {} : { total: a.total }),
  };
}

interface Dated {
  out: EpisodeActionOut;
  at: number;
}

/**
 * The newest uploaded play or new action of each corpus episode (by slug),
 * matched as an upload matches it: by GUID, else by enclosure URL. An
 * action matched by GUID may name another enclosure URL than the corpus.
 */
function newestPositionMoves(index: SyncIndex, uploaded: readonly Dated[]): Map<string, number> {
  const newest = new Map<string, number>();
  for (const { out, at } of uploaded) {
    const episode = movesPosition(out) ? index.episodeOf(out.guid, out.episode) : undefined;
    if (episode !== undefined) {
      newest.set(episode.slug, Math.max(at, newest.get(episode.slug) ?? at));
    }
  }
  return newest;
}

/**
 * Positions the web app saved, as play actions, so a podcast app sees
 * them: only on episodes the protocol can name (a feed and an enclosure
 * URL), and not where an uploaded play or new action on the episode is as
 * new (that upload set the position, and is answered itself).
 */
async function webAppPlays(
  deps: UserStateDeps,
  userId: string,
  since: number,
  uploaded: readonly Dated[],
): Promise<Dated[]> {
  const names: EpisodeName[] = uploaded.flatMap(({ out }) =>
    movesPosition(out) ? [{ guid: out.guid, mediaUrl: out.episode }] : [],
  );
  const [index, rows] = await Promise.all([
    syncIndexIn(deps, names),
    listPlaybackChangedSince(deps.db, userId, since > 0 ? new Date(since * 1000) : null),
  ]);
  const episodes = await deps.holdings.findEpisodes(rows.map((row) => row.slug));
  const bySlug = new Map(episodes.map((episode) => [episode.slug, episode]));
  const newestUpload = newestPositionMoves(index, uploaded);
  const plays: Dated[] = [];
  for (const row of rows) {
    const episode = bySlug.get(row.slug);
    const podcast = episode && index.feedUrlOf(episode.feed_id);
    const media = episode?.media_url ? sanitizeSyncUrl(episode.media_url) : '';
    const at = row.updated_at.getTime();
    if (episode === undefined || podcast === undefined || media === '') {
      continue;
    }
    if ((newestUpload.get(row.slug) ?? -1) >= at) {
      continue;
    }
    const total = episode.duration_seconds ?? undefined;
    const position = row.finished && total !== undefined ? total : Math.round(row.position_seconds);
    plays.push({
      at,
      out: {
        podcast,
        episode: media,
        ...(episode.episode_id === null ? {} : { guid: episode.episode_id }),
        action: 'play',
        timestamp: protocolTime(row.updated_at),
        ...(total === undefined ? { position } : { started: 0, position, total }),
      },
    });
  }
  return plays;
}

/** Only the newest action of each episode (`aggregated=true`). */
function newestPerEpisode(actions: readonly Dated[]): Dated[] {
  const newest = new Map<string, Dated>();
  for (const dated of actions) {
    const known = newest.get(dated.out.episode);
    if (known === undefined || known.at <= dated.at) {
      newest.set(dated.out.episode, dated);
    }
  }
  return [...newest.values()];
}

/**
 * GET /api/2/episodes/{user}.json: actions uploaded after `since` (all
 * without it), of one device or podcast when asked, newest per episode
 * with `aggregated`, oldest first; the timestamp to send next time.
 */
export async function episodeActionsSince(
  deps: UserStateDeps,
  userId: string,
  query: EpisodeActionQuery,
): Promise<EpisodeActionPage> {
  const since = query.since ?? 0;
  const podcast = query.podcast === undefined ? undefined : sanitizeSyncUrl(query.podcast);
  const timestamp = await answerSyncStamp(deps.db, userId);
  // A podcast filter that names no usable URL matches nothing, web-app plays included.
  if (podcast === '') {
    return { actions: [], timestamp };
  }
  const stored = await listEpisodeActions(deps.db, userId, {
    since,
    until: timestamp,
    ...(query.device === undefined ? {} : { deviceId: query.device }),
    ...(podcast === undefined ? {} : { podcast }),
  });
  const uploaded = stored.map((a) => ({ out: storedOut(a), at: a.action_at.getTime() }));
  let all = uploaded;
  if (query.device === undefined) {
    const plays = await webAppPlays(deps, userId, since, uploaded);
    const podcastKey = podcast === undefined ? undefined : feedUrlKey(podcast);
    all = [
      ...uploaded,
      ...plays.filter((p) => podcastKey === undefined || feedUrlKey(p.out.podcast) === podcastKey),
    ];
  }
  const chosen = query.aggregated === true ? newestPerEpisode(all) : all;
  chosen.sort((a, b) => a.at - b.at);
  return { actions: chosen.map((d) => d.out), timestamp };
}
