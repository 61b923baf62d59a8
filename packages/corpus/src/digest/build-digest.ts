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
import { type DigestRow, type DigestRowOptions, digestRowOf } from './digest-row.js';
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

/**
 * Dated episodes inside the range, newest first, found by two binary
 * searches over the catalog order (newest publish date first, undated
 * last): the episodes above the window are not read, nor those below it.
 */
export function episodesInRange(
  episodes: readonly EpisodeRecord[],
  range: DayRange,
): EpisodeRecord[] {
  const top = firstWhere(episodes, (day) => day === null || day <= range.end);
  const bottom = firstWhere(episodes, (day) => day === null || day < range.start);
  return episodes.slice(top, Math.max(top, bottom));
}

/** The first place from which `holds` is true of every episode's publish date (it is, in catalog order). */
function firstWhere(
  episodes: readonly EpisodeRecord[],
  holds: (day: string | null) => boolean,
): number {
  let low = 0;
  let high = episodes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (holds((episodes[mid] as EpisodeRecord).publish_date)) {
      high = mid;
    } else {
      low = mid + 1;
    }
  }
  return low;
}

/**
 * The last digest made for one request, kept across the root's snapshots
 * (in `snapshot.lasting`) so the first digest after a change need not walk
 * its window again: on a large corpus a month holds thousands of episodes,
 * and matching them again on every change was a noticeable pause.
 */
interface LastDigest {
  /** The episodes of its window: the only ones its answer depends on. */
  readonly inWindow: readonly EpisodeRecord[];
  readonly layers: object | undefined;
  readonly clusters: TopicClusterIndex;
  /** The band matches of the episodes in the window, by record. */
  readonly matches: ReadonlyMap<EpisodeRecord, BandTopicIds>;
  readonly digest: CorpusDigest;
}

const LAST_DIGESTS = Symbol('last_digests');

/** Requests whose last digest is kept per root and band list; past it the oldest is dropped. */
const LAST_DIGESTS_KEPT = 16;

function lastDigestsOf(
  snapshot: CorpusSnapshot,
  bands: readonly DigestBandConfig[],
): Map<string, LastDigest> {
  const byBands = snapshot.lasting.derive(
    LAST_DIGESTS,
    () => new WeakMap<readonly DigestBandConfig[], Map<string, LastDigest>>(),
  );
  let kept = byBands.get(bands);
  if (kept === undefined) {
    kept = new Map();
    byBands.set(bands, kept);
  }
  return kept;
}

/** Whether two lists hold the very same records. */
function sameRecords(a: readonly EpisodeRecord[], b: readonly EpisodeRecord[]): boolean {
  if (a.length !== b.length) {
    return false;
  }
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      return false;
    }
  }
  return true;
}

/** The row cap: compact digests never exceed eight rows. */
export function digestRowCap(compact: boolean, maxRows: number | undefined): number {
  const cap = compact ? DIGEST_COMPACT_ROWS : DIGEST_DEFAULT_ROWS;
  return compact ? Math.min(maxRows ?? cap, cap) : (maxRows ?? cap);
}

/** Episodes matched between two checks of the slicer. */
const MATCHES_PER_CHECK = 128;

/** A digest request resolved: its window's days, the row cap, whether the topics are on. */
export interface DigestPlan {
  window: DigestWindowName;
  range: DayRange;
  compact: boolean;
  maxRows: number;
  withTopics: boolean;
  /** The same key over the same episodes of the window: the same answer. */
  key: string;
}

/** compact forces the 24h window, at most eight rows and no topics. */
export function digestPlanOf(
  request: Pick<
    DigestRequest,
    'window' | 'since' | 'compact' | 'includeTopics' | 'maxRows' | 'now'
  >,
): DigestPlan {
  const window = request.compact ? '24h' : request.window;
  const range = digestDayRange(window, request.now, request.since);
  const maxRows = digestRowCap(request.compact, request.maxRows);
  const withTopics = request.includeTopics && !request.compact;
  const key = [window, range.start, range.end, request.compact, withTopics, maxRows].join('|');
  return { window, range, compact: request.compact, maxRows, withTopics, key };
}

/** The row options of a plan: pills unless compact, cluster marks when the topics are on. */
export function digestRowOptionsOf(
  plan: DigestPlan,
  clusters: TopicClusterIndex,
): DigestRowOptions {
  return { compact: plan.compact, clusters: plan.withTopics ? clusters : undefined };
}

/** The episodes a digest shows: its feed-diverse rows and, when the topics are on, its bands. */
export interface DigestSelection<T> {
  picked: T[];
  bands: DigestBandMatch<T>[];
}

/**
 * Picks the rows and bands of a plan from the episodes of its window,
 * newest first, whatever holds them: `matchesOf` is asked only when the
 * topics are on.
 */
export function selectDigest<T>(
  plan: DigestPlan,
  inWindow: readonly T[],
  feedOf: (item: T) => string,
  matchesOf: (item: T) => BandTopicIds,
  bands: readonly DigestBandConfig[],
): DigestSelection<T> {
  return {
    picked: pickFeedDiverse(inWindow, feedOf, plan.maxRows),
    bands: plan.withTopics ? matchDigestBands(inWindow, matchesOf, bands) : [],
  };
}

/** The digest of a selection, each chosen episode made a row by `toRow`. */
export function digestOf<T>(
  plan: DigestPlan,
  totalInWindow: number,
  selection: DigestSelection<T>,
  toRow: (item: T) => DigestRow,
): CorpusDigest {
  return {
    window: plan.window,
    window_start: plan.range.start,
    window_end: plan.range.end,
    compact: plan.compact,
    max_rows: plan.maxRows,
    total_in_window: totalInWindow,
    rows: selection.picked.map(toRow),
    topic_bands: selection.bands.map((match) => ({
      id: match.band.id,
      label: match.band.label,
      graph_topic_id: match.graphTopicId,
      rows: match.items.map(toRow),
    })),
  };
}

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
  const plan = digestPlanOf(request);
  const snapshotMemo = memo.memoOf(snapshot, request.bands, request.clusters);
  return memo.resultOf(snapshotMemo, plan.key, async () => {
    // The same records in the window, over the same layers and clusters:
    // the same answer, whatever changed above or below the window.
    const inWindow = episodesInRange(snapshot.episodes, plan.range);
    const lastDigests = lastDigestsOf(snapshot, request.bands);
    const lastKey = `${snapshot.root}|${plan.key}`;
    const last = lastDigests.get(lastKey);
    const layers = snapshot.layersVersion;
    // A snapshot without a layers version (a view over a subfolder) never reuses one.
    const sameLayers =
      layers !== undefined && last?.layers === layers && last.clusters === request.clusters;
    if (last !== undefined && sameLayers && sameRecords(last.inWindow, inWindow)) {
      remember(lastDigests, lastKey, last);
      return last.digest;
    }
    const rowOptions = digestRowOptionsOf(plan, request.clusters);
    const matches = new Map<EpisodeRecord, BandTopicIds>();
    if (plan.withTopics) {
      // In slices: a month of 100,000 episodes holds 6,000, and the first
      // digest of a snapshot reads each one's signals (kept across snapshots,
      // but checked against its layers).
      // An episode kept as the same record over the same layers matches as before.
      const earlier = sameLayers ? last?.matches : undefined;
      await forEachInSlices(
        inWindow,
        slicer,
        (episode) => matches.set(episode, earlier?.get(episode) ?? snapshotMemo.matcher(episode)),
        MATCHES_PER_CHECK,
      );
    }
    const selection = selectDigest(
      plan,
      inWindow,
      (episode) => episode.feed_id,
      (episode) => matches.get(episode) ?? [],
      request.bands,
    );
    const digest = digestOf(plan, inWindow.length, selection, (episode) =>
      digestRowOf(snapshot, episode, rowOptions),
    );
    remember(lastDigests, lastKey, {
      inWindow,
      layers,
      clusters: request.clusters,
      matches,
      digest,
    });
    return digest;
  });
}

function remember(kept: Map<string, LastDigest>, key: string, last: LastDigest): void {
  kept.delete(key);
  kept.set(key, last);
  if (kept.size > LAST_DIGESTS_KEPT) {
    kept.delete(kept.keys().next().value as string);
  }
}
