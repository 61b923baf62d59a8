import type { EpisodeRecord } from '../records/episode-record.js';
import { catalogBound, compareEpisodes } from '../records/episode-sort.js';
import { type CachedMetadata, type CorpusState, ITEMS_PER_STEP } from './corpus-state.js';
import { ShardedMap, shardOfText } from './sharded-map.js';
import { steppedValue } from './time-slicer.js';

/** A read-only lookup (a Map, or a few changes over one). */
export interface Lookup<K, V> {
  get(key: K): V | undefined;
}

/** The sorted episodes of one snapshot and its lookups by slug, id and relpath. */
export interface EpisodeList {
  readonly episodes: readonly EpisodeRecord[];
  readonly bySlug: Lookup<string, EpisodeRecord>;
  readonly byId: Lookup<string, EpisodeRecord>;
  readonly byRelpath: Lookup<string, EpisodeRecord>;
  /** Starts making the lookups in the background, once the list is published (a patched list has them). */
  prepare?(): void;
  /**
   * An earlier list whose feed records this one has too: a patch that
   * changed no feed field and moved no episode (`FEED_FIELDS`). The feed
   * records are kept by it, so a retitled episode does not make them again
   * (a pass over every episode, in one piece).
   */
  readonly feedBasis?: readonly EpisodeRecord[];
  /** Set when this list is an earlier one with some records replaced in place (`ReplacedRecords`). */
  readonly replaced?: ReplacedRecords;
}

/**
 * A list that is `base` with each pair's first record replaced by its
 * second at the same place (a patch that moved no episode), so a reader
 * holding what it derived from `base` can follow the change through the
 * pairs instead of comparing every place of both lists. Only the list just before is named, so no chain of old lists
 * is kept alive.
 */
export interface ReplacedRecords {
  readonly base: readonly EpisodeRecord[];
  /** Old and new record, in the catalog order. */
  readonly pairs: ReadonlyArray<readonly [EpisodeRecord, EpisodeRecord]>;
}

/** What `buildFeedRecords` reads of an episode, besides its place in the list. */
const FEED_FIELDS = [
  'feed_id',
  'podcast_title',
  'feed_description',
  'feed_url',
  'feed_image_url',
  'feed_image_local_relpath',
] as const;

/**
 * `changes` over `base`. Patched lists share one base Map and carry all
 * their changes since it in one small Map, so a lookup is at most two gets.
 */
interface Overlay<K, V> extends Lookup<K, V> {
  readonly base: Lookup<K, V>;
  readonly changes: ReadonlyMap<K, V>;
}

function overlay<K, V>(under: Lookup<K, V>, changes: Map<K, V>): Overlay<K, V> {
  const previous = under as Partial<Overlay<K, V>>;
  const base = previous.base ?? under;
  const all = previous.changes === undefined ? changes : new Map([...previous.changes, ...changes]);
  return {
    base,
    changes: all,
    get: (key) => (all.has(key) ? all.get(key) : base.get(key)),
  };
}

/** Past this many changed records since the last full index, the lookups are indexed again. */
const MAX_OVERLAY = 1024;

export type RecordOf = (relpath: string, file: CachedMetadata) => EpisodeRecord | undefined;

/** Items by key, the first of each key kept, in steps of `ITEMS_PER_STEP` items (`steppedValue`). */
function* firstByInSteps<T>(
  items: readonly T[],
  keyOf: (item: T) => string | null,
): Generator<void, ShardedMap<string, T>> {
  // Split by key: a list of 100,000 episodes would otherwise rehash its whole map at once as it grows.
  const index = new ShardedMap<string, T>(shardOfText);
  for (let i = 0; i < items.length; i++) {
    if (i % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) {
      yield;
    }
    const item = items[i] as T;
    const key = keyOf(item);
    if (key !== null && !index.has(key)) {
      index.set(key, item);
    }
  }
  return index;
}

/** Items by key, the first of each key kept (lists are sorted, so the first is the one that wins). */
export function firstBy<T>(
  items: readonly T[],
  keyOf: (item: T) => string | null,
): ReadonlyMap<string, T> {
  return steppedValue(firstByInSteps(items, keyOf)).get();
}

/**
 * `firstBy(items, keyOf)`, not made before the list is published: a
 * request for the first page would otherwise wait for the three maps.
 * `prepare` makes them in the background; a lookup before they are done
 * finishes them at once. Made only on first use, they would cost the first
 * change after a restart a long piece of work (its patch looks the old
 * records up), which requests beside it would wait for.
 */
function steppedFirstBy<T>(
  items: readonly T[],
  keyOf: (item: T) => string | null,
): Lookup<string, T> & { prepare(): void } {
  const index = steppedValue(firstByInSteps(items, keyOf));
  return {
    get: (key) => index.get().get(key),
    prepare: () => index.buildInBackground(),
  };
}

function indexed(episodes: readonly EpisodeRecord[]): EpisodeList {
  const bySlug = steppedFirstBy(episodes, (e) => e.slug);
  const byId = steppedFirstBy(episodes, (e) => e.episode_id);
  const byRelpath = steppedFirstBy(episodes, (e) => e.metadata_relpath);
  return {
    episodes,
    bySlug,
    byId,
    byRelpath,
    prepare() {
      bySlug.prepare();
      byId.prepare();
      byRelpath.prepare();
    },
  };
}

function fullList(state: CorpusState, winners: ReadonlySet<string>, recordOf: RecordOf) {
  const records: EpisodeRecord[] = [];
  for (const relpath of winners) {
    const file = state.metadata.get(relpath);
    const record = file && recordOf(relpath, file);
    if (record) {
      records.push(record);
    }
  }
  return indexed(Object.freeze(records.sort(compareEpisodes)));
}

/** Where `record` sits (or would sit) in the sorted `list`. */
const positionOf = (list: readonly EpisodeRecord[], record: EpisodeRecord) =>
  catalogBound(list, record, false);

const KEYS = ['slug', 'episode_id', 'metadata_relpath', 'publish_date'] as const;

/** One lookup with `next` in place of `old` wherever `old` was the record found. */
function patchedLookup(
  lookup: Lookup<string, EpisodeRecord>,
  field: 'slug' | 'episode_id' | 'metadata_relpath',
  pairs: ReadonlyArray<readonly [EpisodeRecord, EpisodeRecord]>,
): Overlay<string, EpisodeRecord> {
  const changes = new Map<string, EpisodeRecord>();
  for (const [old, next] of pairs) {
    const key = old[field];
    if (key !== null && lookup.get(key) === old) {
      changes.set(key, next);
    }
  }
  return overlay(lookup, changes);
}

/**
 * The previous list with the touched episodes' records replaced, or
 * undefined when a touched file has no record there (the caller then
 * derives the list in full). Costs the touched episodes, a copy of the
 * array and, unless a key or a publish date moved, a small overlay over
 * each lookup.
 */
function patchedList(
  state: CorpusState,
  base: EpisodeList,
  touched: ReadonlySet<string>,
  recordOf: RecordOf,
): EpisodeList | undefined {
  const pairs: Array<[EpisodeRecord, EpisodeRecord]> = [];
  for (const relpath of touched) {
    const old = base.byRelpath.get(relpath);
    const file = state.metadata.get(relpath);
    if (old === undefined || file === undefined) {
      continue; // not a winner: the unchanged winners set says it has no record
    }
    const next = recordOf(relpath, file);
    if (next === undefined) {
      return undefined;
    }
    if (next !== old) {
      pairs.push([old, next]);
    }
  }
  if (pairs.length === 0) {
    return base;
  }
  const episodes = [...base.episodes];
  let reordered = false;
  for (const [old, next] of pairs) {
    const from = positionOf(episodes, old);
    episodes.splice(from, 1);
    const to = positionOf(episodes, next);
    episodes.splice(to, 0, next);
    reordered ||= from !== to;
  }
  const frozen = Object.freeze(episodes);
  const replaced: { replaced?: ReplacedRecords } = reordered
    ? {}
    : {
        replaced: {
          base: base.episodes,
          pairs: pairs.sort(([a], [b]) => compareEpisodes(a, b)),
        },
      };
  const moved = pairs.some(([old, next]) => KEYS.some((key) => old[key] !== next[key]));
  const feedsHold =
    !reordered && pairs.every(([old, next]) => FEED_FIELDS.every((key) => old[key] === next[key]));
  const feedBasis = feedsHold ? (base.feedBasis ?? base.episodes) : undefined;
  if (moved) {
    return { ...indexed(frozen), ...(feedBasis ? { feedBasis } : {}), ...replaced };
  }
  const byRelpath = patchedLookup(base.byRelpath, 'metadata_relpath', pairs);
  if (byRelpath.changes.size > MAX_OVERLAY) {
    return { ...indexed(frozen), ...replaced };
  }
  return {
    episodes: frozen,
    bySlug: patchedLookup(base.bySlug, 'slug', pairs),
    byId: patchedLookup(base.byId, 'episode_id', pairs),
    byRelpath,
    ...(feedBasis ? { feedBasis } : {}),
    ...replaced,
  };
}

/**
 * The snapshot's episode list. Over the same winners and art as the last
 * one, only the episodes whose metadata or siblings changed since
 * (`state.touched`) are derived again; otherwise every winner's record is
 * (each reused while its inputs are unchanged) and the list sorted anew.
 */
export function episodeListOf(
  state: CorpusState,
  winners: ReadonlySet<string>,
  recordOf: RecordOf,
): EpisodeList {
  const touched = state.touched;
  state.touched = new Set();
  // A patch is valid only over the same winners and art as the list it patches.
  const basis = state.episodeList;
  const usable = basis?.winners === winners && basis.artVersion === state.artVersion;
  const list =
    (usable && patchedList(state, basis.list, touched, recordOf)) ||
    fullList(state, winners, recordOf);
  state.episodeList = { winners, artVersion: state.artVersion, list };
  return list;
}
