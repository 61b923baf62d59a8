import type { CorpusDigestResponse, CorpusDigestTopicBand } from '@podcast/contracts';
import type { TopicClusterIndex } from '../clusters/topic-cluster-index.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import {
  BACKGROUND_SLICE_MS,
  createTimeSlicer,
  forEachInSlices,
  type TimeSlicer,
} from '../snapshot/time-slicer.js';
import {
  type BandTopicIds,
  type DigestBandConfig,
  type DigestBandMatch,
  matchDigestBands,
} from './digest-bands.js';
import { createDigestMemo } from './digest-memo.js';
import { digestRowOf } from './digest-row.js';
import { type DayRange, type DigestWindowName, digestDayRange } from './digest-window.js';
import { pickFeedDiverse } from './feed-diverse.js';

export const DIGEST_DEFAULT_ROWS = 20;
export const DIGEST_COMPACT_ROWS = 8;

export interface DigestRequest {
  window: DigestWindowName;
  /** Required when window is `since`; ignored otherwise. */
  since?: string;
  compact: boolean;
  includeTopics: boolean;
  maxRows?: number;
  now: Date;
  bands: readonly DigestBandConfig[];
  /** Cluster membership for the topic pills; the empty index when the file is missing. */
  clusters: TopicClusterIndex;
}

export type DigestBand = CorpusDigestTopicBand;

export type CorpusDigest = Omit<CorpusDigestResponse, 'path'>;

/** Dated episodes inside the range, newest first (the snapshot is sorted that way). */
export function episodesInRange(
  episodes: readonly EpisodeRecord[],
  range: DayRange,
): EpisodeRecord[] {
  const inside: EpisodeRecord[] = [];
  for (const episode of episodes) {
    const day = episode.publish_date;
    if (day === null || day < range.start) {
      break;
    }
    if (day <= range.end) {
      inside.push(episode);
    }
  }
  return inside;
}

/** The row cap: compact digests never exceed eight rows. */
export function digestRowCap(compact: boolean, maxRows: number | undefined): number {
  const cap = compact ? DIGEST_COMPACT_ROWS : DIGEST_DEFAULT_ROWS;
  return compact ? Math.min(maxRows ?? cap, cap) : (maxRows ?? cap);
}

/** Episodes matched between two checks of the slicer. */
const MATCHES_PER_CHECK = 128;

// Holds only a key: the memo itself lives on each snapshot.
const memo = createDigestMemo<CorpusDigest>('corpus_digest');

/**
 * The digest of spec 01: feed-diverse rows of the window and, unless compact
 * or without include_topics, the configured topic bands over every episode
 * of the window. compact forces the 24h window. Remembered per snapshot and
 * request (the window is a day range, so the key holds for a whole day).
 */
export function buildCorpusDigest(
  snapshot: CorpusSnapshot,
  request: DigestRequest,
  slicer: TimeSlicer = createTimeSlicer(BACKGROUND_SLICE_MS),
): Promise<CorpusDigest> {
  const window = request.compact ? '24h' : request.window;
  const range = digestDayRange(window, request.now, request.since);
  const maxRows = digestRowCap(request.compact, request.maxRows);
  const withTopics = request.includeTopics && !request.compact;
  const snapshotMemo = memo.memoOf(snapshot, request.bands, request.clusters);
  const key = [window, range.start, range.end, request.compact, withTopics, maxRows].join('|');
  return memo.resultOf(snapshotMemo, key, async () => {
    const inWindow = episodesInRange(snapshot.episodes, range);
    const rowOptions = {
      compact: request.compact,
      clusters: withTopics ? request.clusters : undefined,
    };
    const toRow = (episode: EpisodeRecord) => digestRowOf(snapshot, episode, rowOptions);
    const picked = pickFeedDiverse(inWindow, (episode) => episode.feed_id, maxRows);
    let bands: DigestBandMatch<EpisodeRecord>[] = [];
    if (withTopics) {
      // In slices: a month of 100,000 episodes holds 6,000, and the first
      // digest of a snapshot reads each one's signals (kept across snapshots,
      // but checked against its layers).
      const matches = new Map<EpisodeRecord, BandTopicIds>();
      await forEachInSlices(
        inWindow,
        slicer,
        (episode) => matches.set(episode, snapshotMemo.matcher(episode)),
        MATCHES_PER_CHECK,
      );
      bands = matchDigestBands(inWindow, (episode) => matches.get(episode) ?? [], request.bands);
    }
    return {
      window,
      window_start: range.start,
      window_end: range.end,
      compact: request.compact,
      max_rows: maxRows,
      total_in_window: inWindow.length,
      rows: picked.map(toRow),
      topic_bands: bands.map((match) => ({
        id: match.band.id,
        label: match.band.label,
        graph_topic_id: match.graphTopicId,
        rows: match.items.map(toRow),
      })),
    };
  });
}
