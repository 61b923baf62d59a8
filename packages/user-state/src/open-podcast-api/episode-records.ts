import { actionInstant, type OpaEpisode, type OpaEpisodeIn } from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import type { OpaEpisodeRow } from '@podcast/db';
import { sanitizeSyncUrl } from '../sync/feed-url.js';
import type { SyncIndex } from '../sync/sync-index.js';
import { episodeSyncId, podcastGuidOf } from './guids.js';

/** A value with the time it was set. */
interface Timed<T> {
  value: T;
  at: Date;
}

/** Where one episode's fields come from: this API's record, and the corpus episode's state. */
export interface EpisodeSources {
  podcastGuid: string;
  syncId: string;
  row?: OpaEpisodeRow;
  episode?: EpisodeRecord;
  /** The corpus episode's saved position (the web app's, the gPodder API's, this API's). */
  playback?: { position_seconds: number; finished: boolean; updated_at: Date };
  /** When the corpus episode became a favorite; null when it is none; absent outside the corpus. */
  favoriteSince?: Date | null;
}

/** The later of two; on a tie the second (the corpus state, written with the same time). */
function later<T>(a: Timed<T> | undefined, b: Timed<T> | undefined): Timed<T> | undefined {
  if (a === undefined || b === undefined) {
    return a ?? b;
  }
  return a.at.getTime() > b.at.getTime() ? a : b;
}

function timed<T>(value: T | null | undefined, at: Date | null | undefined): Timed<T> | undefined {
  return value === null || value === undefined || at === null || at === undefined
    ? undefined
    : { value, at };
}

/**
 * A corpus episode's favorite: the favorites table says whether; a record
 * of this API that says yes while the table says no was undone elsewhere,
 * after this API last wrote it.
 */
function favoriteOf(s: EpisodeSources): Timed<boolean> | undefined {
  const own = timed(s.row?.favorite, s.row?.favorite_at);
  if (s.favoriteSince === undefined) {
    return own;
  }
  if (s.favoriteSince !== null) {
    return later(own?.value ? own : undefined, { value: true, at: s.favoriteSince });
  }
  return own?.value === true && s.row ? { value: false, at: s.row.updated_at } : own;
}

function publishDateOf(s: EpisodeSources): string | null {
  if (s.row?.publish_date) {
    return s.row.publish_date.toISOString();
  }
  const day = s.episode?.publish_date;
  return day ? new Date(`${day}T00:00:00Z`).toISOString() : null;
}

const out = (t: Timed<number | boolean> | undefined) =>
  t === undefined ? undefined : { value: t.value, timestamp: t.at.toISOString() };

/** The episode as the episodes draft answers it, and the time of its newest change. */
export function episodeOut(
  s: EpisodeSources,
  temporaryId?: string,
): { episode: OpaEpisode; lastChange: number } {
  const { row, playback } = s;
  const fromPlayback = <T>(value: T) => (playback ? { value, at: playback.updated_at } : undefined);
  const fields = {
    playback_position: later(
      timed(row?.position, row?.position_at),
      fromPlayback(Math.round(playback?.position_seconds ?? 0)),
    ),
    played_status: later(timed(row?.played, row?.played_at), fromPlayback(playback?.finished)),
    new_status: timed(row?.is_new, row?.new_at),
    download_status: timed(row?.downloaded, row?.download_at),
    favorite_status: favoriteOf(s),
  };
  const times = Object.values(fields).map((f) => f?.at.getTime() ?? 0);
  const episode: OpaEpisode = {
    podcast_guid: s.podcastGuid,
    sync_id: s.syncId,
    ...(temporaryId === undefined ? {} : { temporary_id: temporaryId }),
    episode_guid: row?.episode_guid ?? s.episode?.episode_id ?? null,
    title: row?.title ?? s.episode?.title ?? null,
    publish_date: publishDateOf(s),
    enclosure_url: row?.enclosure_url ?? s.episode?.media_url ?? null,
    episode_url: row?.episode_url ?? null,
  };
  for (const [name, value] of Object.entries(fields)) {
    const shown = out(value as Timed<number | boolean> | undefined);
    if (shown !== undefined) {
      Object.assign(episode, { [name]: shown });
    }
  }
  return { episode, lastChange: Math.max(row?.updated_at.getTime() ?? 0, ...times) };
}

/** A corpus show's GUID: the one its feed URL computes to (stable whatever GUID a client gives it). */
export function corpusPodcastGuid(index: SyncIndex, episode: EpisodeRecord): string {
  const url = index.feedUrlOf(episode.feed_id) ?? episode.feed_url ?? `corpus:${episode.feed_id}`;
  return podcastGuidOf(url);
}

/** A corpus episode's sync id, the same on every read and for every client. */
export function corpusEpisodeSyncId(index: SyncIndex, episode: EpisodeRecord): string {
  return episodeSyncId(corpusPodcastGuid(index, episode), {
    guid: episode.episode_id,
    title: episode.title,
    enclosureUrl: episode.media_url,
    publishDate: episode.publish_date ? new Date(`${episode.publish_date}T00:00:00Z`) : null,
  });
}

/** An enclosure or page URL as stored: sanitised like every sync URL, else as sent. */
function urlOf(sent: string | null | undefined): string | null {
  if (sent === null || sent === undefined) {
    return null;
  }
  return sanitizeSyncUrl(sent) || sent;
}

/** The identifier fields an upload sends, as stored. */
export function identifiersOf(item: OpaEpisodeIn) {
  return {
    episode_guid: item.episode_guid?.trim() || null,
    title: item.title ?? null,
    publish_date: item.publish_date ? actionInstant(item.publish_date) : null,
    enclosure_url: urlOf(item.enclosure_url),
    episode_url: urlOf(item.episode_url),
  };
}

/** Each data field of the draft, and the record's columns of its value and time. */
const DATA_FIELDS = [
  ['playback_position', 'position', 'position_at'],
  ['played_status', 'played', 'played_at'],
  ['new_status', 'is_new', 'new_at'],
  ['download_status', 'downloaded', 'download_at'],
  ['favorite_status', 'favorite', 'favorite_at'],
] as const;

export type DataField = (typeof DATA_FIELDS)[number][0];

/**
 * Merges an upload into a record, field by field: a value is taken only
 * when its time is after the one stored (the drafts' rule: the newest
 * change wins, an equal time is stale). Identifiers fill what the record
 * lacks. Answers the record and which fields the upload set.
 */
export function mergeUpload(
  row: OpaEpisodeRow,
  item: OpaEpisodeIn,
  write: { now: Date; clientId: string | null },
): { row: OpaEpisodeRow; applied: Set<DataField> } {
  const next = { ...row };
  const applied = new Set<DataField>();
  for (const [field, value, time] of DATA_FIELDS) {
    const sent = item[field];
    const at = sent === undefined ? undefined : actionInstant(sent.timestamp);
    const stored = row[time];
    if (sent !== undefined && at !== undefined && (stored === null || at > stored)) {
      Object.assign(next, { [value]: sent.value, [time]: at });
      applied.add(field);
    }
  }
  const ids = identifiersOf(item);
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
    if (next[key] === null && ids[key] !== null) {
      Object.assign(next, { [key]: ids[key] });
    }
  }
  if (applied.size > 0) {
    next.client_id = write.clientId;
  }
  next.updated_at = write.now;
  return { row: next, applied };
}

/** An empty record of an episode first named now. */
export function blankRow(
  syncId: string,
  podcastGuid: string,
  slug: string | null,
  now: Date,
): OpaEpisodeRow {
  return {
    sync_id: syncId,
    podcast_guid: podcastGuid,
    episode_guid: null,
    title: null,
    publish_date: null,
    enclosure_url: null,
    episode_url: null,
    slug,
    position: null,
    position_at: null,
    played: null,
    played_at: null,
    is_new: null,
    new_at: null,
    downloaded: null,
    download_at: null,
    favorite: null,
    favorite_at: null,
    client_id: null,
    updated_at: now,
  };
}
