import path from 'node:path';
import { createDerivedValues, type DerivedValues } from '../caches/derived-values.js';
import type { DirIndex, DirListing } from '../discovery/discovery.js';
import { type DedupCandidate, dedupCandidateOf, dedupRuns } from '../discovery/run-dedup.js';
import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedGraph } from '../readers/gi-graph.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import {
  type ArtifactKind,
  artifactKindOf,
  type EpisodeMetadata,
  isMetadataFileName,
  metadataStem,
  siblingArtifactName,
} from '../readers/metadata.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { slugify } from '../records/slug.js';
import type { ArtifactEntry } from './artifacts.js';
import type { EpisodeList } from './episode-list.js';
import type { PackedValue } from './packed-value.js';
import { ShardedMap, shardOfText } from './sharded-map.js';
import { createStringPool, type StringPool } from './string-pool.js';

/**
 * One file the loader tracks. `value` is undefined until read (or after a
 * change), null when the file was unreadable; unchanged (mtime, size) means
 * the parsed value is reused.
 */
export interface CachedFile<T> {
  mtimeMs: number;
  size: number;
  /** False while the mtime is recent enough that a same-tick rewrite could hide. */
  stable: boolean;
  value: T | null | undefined;
}

/** A metadata file plus the record last derived from it, reused while its inputs are unchanged. */
export interface CachedMetadata extends CachedFile<EpisodeMetadata> {
  derived?: { source: EpisodeMetadata; key: number; record: EpisodeRecord };
  /** Its GI, KG and bridge sibling relpaths (they follow from its relpath, so computed once). */
  siblings?: Siblings;
  /** Its run-dedup candidate, kept while the value and mtime it was made from are unchanged. */
  candidate?: { source: EpisodeMetadata; value: DedupCandidate };
  /** Feed and episode key as of its last read (null: unreadable); a change bumps `dedupKeysVersion`. */
  dedupKey?: string | null;
}

export type LoadedArtifact = NormalizedGraph | NormalizedKg | NormalizedBridge;

/** A tracked file's usable value: picked metadata, a normalised layer, or its stored bytes. */
export type KeptValue = EpisodeMetadata | LoadedArtifact | PackedValue;

/**
 * A tracked GI, KG or bridge file. After a restart its value may still be
 * the stored bytes (`PackedValue`), built when first asked for.
 */
export interface CachedArtifact extends CachedFile<LoadedArtifact | PackedValue> {
  kind: ArtifactKind;
  /**
   * Its row of the artifact listing, kept while its publish date is the
   * same; `setFileVersion` drops it whenever its (mtime, size) moves.
   */
  entry?: ArtifactEntry | undefined;
}

/**
 * A tracked metadata file with every field it can gain declared up front.
 * The loader keeps one per file (400,000 at 100,000 episodes): objects
 * made by spreading a placeholder and given their optional fields later
 * each carried a hidden class of their own (a heap snapshot showed 280
 * bytes of map, descriptors and property array per file), and a fixed
 * literal shares one.
 */
export function newCachedMetadata(
  mtimeMs: number,
  size: number,
  value: EpisodeMetadata | null | undefined,
): CachedMetadata {
  return {
    mtimeMs,
    size,
    stable: false,
    value,
    derived: undefined,
    siblings: undefined,
    candidate: undefined,
    dedupKey: undefined,
  };
}

/** A tracked GI, KG or bridge file, shaped like `newCachedMetadata`'s files. */
export function newCachedArtifact(
  kind: ArtifactKind,
  mtimeMs: number,
  size: number,
  value: LoadedArtifact | PackedValue | null | undefined,
): CachedArtifact {
  return { mtimeMs, size, stable: false, value, kind, entry: undefined };
}

/**
 * A tracked file's (mtime, size) after a stat or a read; an artifact's
 * listing row, made from the old ones, is dropped with them
 * (`buildArtifactEntries` keeps a row while only its date is unchanged).
 */
export function setFileVersion(file: CachedFile<unknown>, mtimeMs: number, size: number): void {
  if (file.mtimeMs === mtimeMs && file.size === size) {
    return;
  }
  file.mtimeMs = mtimeMs;
  file.size = size;
  if ('kind' in file) {
    (file as CachedArtifact).entry = undefined;
  }
}

/** Everything known about one corpus root between loads; only the loader mutates it. */
export interface CorpusState {
  root: string;
  dirs: DirIndex;
  metadata: Map<string, CachedMetadata>;
  artifacts: Map<string, CachedArtifact>;
  /** Art store relpath → exists. */
  art: Map<string, boolean>;
  /** Bumped whenever an art path appears or disappears, invalidating derived records. */
  artVersion: number;
  /** Tracked files whose mtime was too recent to trust at the last stat. */
  unstable: Set<string>;
  /**
   * Whether a sync has run. After one, the tracked files are the keys of
   * `metadata` and `artifacts`: every listed file is registered there and
   * every file no listing names is forgotten, so no third map of 400,000
   * relpaths (at 100,000 episodes) is kept beside them.
   */
  synced: boolean;
  /**
   * The tracked files of the stored listings, listed while a projection was
   * read; the first sync brings it up to date for the directories its walk
   * re-listed or lost, instead of listing every directory's files again.
   */
  storedTracked?: TrackedList;
  /** Bumped on every change to the caches; an unchanged value means the last snapshot still holds. */
  generation: number;
  /**
   * Run-dedup winners and the generation they were computed at. The set is
   * replaced only when its members change, so values derived from it can be
   * kept by its identity.
   */
  winners?: {
    generation: number;
    relpaths: Set<string>;
    /** Members of groups of more than one file: a change to one of them may change the choice. */
    contested: Set<string>;
    /** The versions the choice was made at: files and keys unchanged since leave it standing. */
    keysVersion: number;
    dedupKeysVersion: number;
  };
  /** Bumped whenever a metadata file's dedup key (feed, episode id or guid, readability) changes. */
  dedupKeysVersion: number;
  /** Bumped on every change to a tracked artifact: added, gone, restatted, read or released. */
  artifactsVersion: number;
  /** Bumped when an episode's publish date (the artifact listing's date) changes. */
  datesVersion: number;
  /** Metadata files whose value is undefined: registered or changed, not read since. */
  metadataToRead: Set<string>;
  /**
   * The last usable value of each file whose (mtime, size) moved and that
   * is not read again yet. A re-read that cannot parse the file (a pipeline
   * caught mid-write) keeps this value instead of dropping the episode or
   * its layer, until the file moves again.
   */
  lastGood: Map<string, KeptValue>;
  /** Metadata relpaths whose record may differ from the last snapshot's (read again, or a sibling came or went). */
  touched: Set<string>;
  /** Values derived from the winners, kept while their inputs' versions are unchanged. */
  memo: Map<string, { key: unknown[]; value: unknown }>;
  /** The winners and artifact version at which every wanted artifact was last read (nothing to do while both hold). */
  artifactPass?: { winners: ReadonlySet<string>; artifactsVersion: number };
  /** The last snapshot's episode list and the winners and art it was derived over. */
  episodeList?: { winners: ReadonlySet<string>; artVersion: number; list: EpisodeList };
  /** Bumped whenever a tracked file is added or forgotten (not when one changes). */
  keysVersion: number;
  /** Every artifact relpath, sorted, as of `version` (a keysVersion). */
  artifactOrder?: { version: number; relpaths: string[] };
  /** One copy of each short string the kept values, records and keys hold. */
  strings: StringPool;
  /** What every snapshot of this root hands its readers as `lasting`. */
  lasting: DerivedValues;
  /** Each feed id's slug, for the records' slugs (a feed has hundreds of episodes). */
  feedSlugs: Map<string, string>;
  /**
   * Finishes what the last snapshot still derives from this state in
   * steps (its artifact listing); the sync, this state's only writer,
   * runs it before it changes anything.
   */
  beforeChange?: () => void;
}

export function createCorpusState(root: string): CorpusState {
  return {
    root,
    dirs: new Map(),
    metadata: new Map(),
    artifacts: new Map(),
    art: new Map(),
    artVersion: 0,
    unstable: new Set(),
    synced: false,
    generation: 0,
    keysVersion: 0,
    dedupKeysVersion: 0,
    artifactsVersion: 0,
    datesVersion: 0,
    metadataToRead: new Set(),
    lastGood: new Map(),
    touched: new Set(),
    memo: new Map(),
    strings: createStringPool(),
    lasting: createDerivedValues(),
    feedSlugs: new Map(),
  };
}

/** Past this many feed slugs kept, the memo starts again (feeds that went leave theirs). */
const MAX_FEED_SLUGS = 65_536;

/** `slugify(feedId)`, kept on the state per feed id. */
export function feedSlugOf(state: CorpusState, feedId: string): string {
  let slug = state.feedSlugs.get(feedId);
  if (slug === undefined) {
    if (state.feedSlugs.size >= MAX_FEED_SLUGS) {
      state.feedSlugs.clear();
    }
    slug = slugify(feedId);
    state.feedSlugs.set(feedId, slug);
  }
  return slug;
}

export type TrackedKind = 'metadata' | ArtifactKind;

/**
 * `build()`'s value, kept on the state under `name` while every part of
 * `key` is the same (by identity) as when it was built. Each name holds
 * one value, so the memo is bounded by the number of names.
 */
export function memoOnState<T>(
  state: CorpusState,
  name: string,
  key: unknown[],
  build: () => T,
): T {
  const kept = keptOnState<T>(state, name, key);
  if (kept !== undefined) {
    return kept.value;
  }
  const value = build();
  state.memo.set(name, { key, value });
  return value;
}

/** `memoOnState`'s kept value under `name` when `key` still matches (a value built in steps checks it first). */
export function keptOnState<T>(
  state: CorpusState,
  name: string,
  key: unknown[],
): { value: T } | undefined {
  const kept = state.memo.get(name);
  return kept !== undefined &&
    kept.key.length === key.length &&
    kept.key.every((k, i) => k === key[i])
    ? { value: kept.value as T }
    : undefined;
}

/** A metadata file's GI, KG and bridge sibling relpaths. */
export type Siblings = readonly [gi: string, kg: string, bridge: string];

/**
 * Calls `visit` with each metadata/artifact file of one directory listing:
 * its name, relpath and kind. With `pool`, each relpath is its pooled copy:
 * the loader's maps, its list of tracked files and the records' sibling
 * paths then share one string per file, where each used to hold its own (at
 * 100,000 episodes, 400,000 paths of about 120 characters kept two or
 * three times over).
 */
function forEachTracked(
  dir: string,
  listing: DirListing | undefined,
  pool: StringPool | undefined,
  visit: (name: string, relpath: string, kind: TrackedKind) => void,
): void {
  for (const name of listing?.files ?? []) {
    const kind = isMetadataFileName(name) ? 'metadata' : artifactKindOf(name);
    if (kind !== undefined) {
      // Joined: a template would keep a cons string (and its parts) in the pool.
      const relpath = dir === '' ? name : [dir, name].join('/');
      visit(name, pool === undefined ? relpath : pool.one(relpath), kind);
    }
  }
}

/** The metadata/artifact files of one directory listing, as [relpath, kind] (pooled with `pool`). */
export function trackedIn(
  dir: string,
  listing: DirListing | undefined,
  pool?: StringPool,
): Array<[string, TrackedKind]> {
  const files: Array<[string, TrackedKind]> = [];
  forEachTracked(dir, listing, pool, (_name, relpath, kind) => {
    files.push([relpath, kind]);
  });
  return files;
}

/** Tracked files in listing order: `relpaths[i]` is of kind `kinds[i]`. */
export interface TrackedList {
  readonly relpaths: string[];
  readonly kinds: TrackedKind[];
}

/**
 * Every metadata/artifact file the current directory index lists, in its
 * order, relpaths pooled in `pool` when one is given. With `siblings`, each
 * metadata file's sibling relpaths (what `siblingsOf` gives) are put at its
 * place in the list, taken from its own listing: the siblings that exist
 * are the relpaths just listed, so a restart does not build and look up
 * 300,000 paths again (at 100,000 episodes).
 *
 * A restart lists without the pool: each relpath is joined once, here, and
 * the stored file rows and the siblings take that copy, so there is no
 * second copy for a pool to share it with (the pool is emptied after the
 * first sync anyway), so pooling them was pure cost. Lists, not maps: the
 * stored file rows name their file by its place, and a map of every
 * relpath was a restart's cost with no use.
 */
export function listTrackedFiles(
  dirs: DirIndex,
  pool: StringPool | undefined,
  siblings?: Array<Siblings | undefined>,
): TrackedList {
  const relpaths: string[] = [];
  const kinds: TrackedKind[] = [];
  /** The tracked names of the directory being listed, and the places of its metadata files. */
  const names: string[] = [];
  const metadata: number[] = [];
  for (const [dir, listing] of dirs) {
    const first = relpaths.length;
    forEachTracked(dir, listing, pool, (name, relpath, kind) => {
      if (siblings !== undefined) {
        names.push(name);
        if (kind === 'metadata') {
          metadata.push(relpaths.length);
        }
      }
      relpaths.push(relpath);
      kinds.push(kind);
    });
    if (siblings !== undefined && metadata.length > 0) {
      const listed = new ListedSiblings(dir, names, relpaths, first, pool);
      for (const place of metadata) {
        siblings[place] = listed.of(place - first);
      }
    }
    names.length = 0;
    metadata.length = 0;
  }
  return { relpaths, kinds };
}

/** Neighbours looked at around a metadata file before its directory's names are mapped. */
const SIBLING_REACH = 16;

/** What follows a metadata file's stem in each sibling's name. */
const GI_SUFFIX = siblingArtifactName('', 'gi');
const KG_SUFFIX = siblingArtifactName('', 'kg');
const BRIDGE_SUFFIX = siblingArtifactName('', 'bridge');

/**
 * The sibling relpaths of one directory's metadata files, taken from the
 * relpaths just listed when the siblings are there. A listing is sorted, so
 * every name that starts with a metadata file's stem and a dot sits next to
 * it: its siblings are found among a few neighbours, with no map of the
 * directory's names (hashing every name and building sibling names to look
 * them up was a restart's cost). A stem
 * that many names start with maps the directory's names once instead,
 * so a crafted listing cannot make the search quadratic; an unsorted one
 * only costs copies of the paths, never a wrong one.
 */
class ListedSiblings {
  private byName: Map<string, string> | undefined;

  constructor(
    private readonly dir: string,
    private readonly names: readonly string[],
    private readonly relpaths: readonly string[],
    private readonly first: number,
    private readonly pool: StringPool | undefined,
  ) {}

  /** The siblings of the metadata file at `index` among the directory's tracked names. */
  of(index: number): Siblings {
    const stem = metadataStem(this.names[index] as string);
    let gi: string | undefined;
    let kg: string | undefined;
    let bridge: string | undefined;
    let looked = 0;
    for (let step = -1; step <= 1; step += 2) {
      for (let at = index + step; at >= 0 && at < this.names.length; at += step) {
        const other = this.names[at] as string;
        if (!other.startsWith(stem) || other.charCodeAt(stem.length) !== 46 /* . */) {
          break;
        }
        if (++looked > SIBLING_REACH) {
          return this.fromMap(stem);
        }
        const rest = other.length - stem.length;
        if (rest === GI_SUFFIX.length && other.endsWith(GI_SUFFIX)) {
          gi = this.relpaths[this.first + at];
        } else if (rest === KG_SUFFIX.length && other.endsWith(KG_SUFFIX)) {
          kg = this.relpaths[this.first + at];
        } else if (rest === BRIDGE_SUFFIX.length && other.endsWith(BRIDGE_SUFFIX)) {
          bridge = this.relpaths[this.first + at];
        }
      }
    }
    return [
      gi ?? this.unlisted(stem, 'gi'),
      kg ?? this.unlisted(stem, 'kg'),
      bridge ?? this.unlisted(stem, 'bridge'),
    ];
  }

  /** The siblings of `stem` looked up in a map of the directory's names. */
  private fromMap(stem: string): Siblings {
    const byName = this.mapped();
    const at = (kind: ArtifactKind) =>
      byName.get(siblingArtifactName(stem, kind)) ?? this.unlisted(stem, kind);
    return [at('gi'), at('kg'), at('bridge')];
  }

  private mapped(): Map<string, string> {
    if (this.byName === undefined) {
      this.byName = new Map();
      this.names.forEach((name, i) => {
        this.byName?.set(name, this.relpaths[this.first + i] as string);
      });
    }
    return this.byName;
  }

  /** The relpath of a sibling the directory does not list. */
  private unlisted(stem: string, kind: ArtifactKind): string {
    const name = siblingArtifactName(stem, kind);
    const relpath = this.dir === '' ? name : [this.dir, name].join('/');
    return this.pool === undefined ? relpath : this.pool.one(relpath);
  }
}

/** `list`'s files as [relpath, kind] pairs. */
export function* trackedPairs(list: TrackedList): Generator<[string, TrackedKind]> {
  for (let i = 0; i < list.relpaths.length; i++) {
    yield [list.relpaths[i] as string, list.kinds[i] as TrackedKind];
  }
}

/** The kind of a tracked file the state holds (after a sync: every listed one). */
export function heldKindOf(state: CorpusState, relpath: string): TrackedKind | undefined {
  return state.metadata.has(relpath) ? 'metadata' : state.artifacts.get(relpath)?.kind;
}

const METADATA_NAMES = ['metadata.json', 'metadata.yaml', 'metadata.yml'];

/**
 * Marks a metadata file whose record may have changed. Before the first
 * dedup there is nothing to patch (everything is derived in full), so a
 * first load does not collect every file of the corpus here.
 */
export function touch(state: CorpusState, metadataRelpath: string): void {
  if (state.winners !== undefined) {
    state.touched.add(metadataRelpath);
  }
}

/** The metadata relpaths a GI, KG or bridge file may belong to: its stem with each metadata extension. */
export function metadataOwnersOf(artifactRelpath: string): string[] {
  const stem = artifactRelpath.replace(/(?:gi|kg|bridge)\.json$/, '');
  return METADATA_NAMES.map((name) => stem + name);
}

/** Marks the metadata file an artifact belongs to (whichever extension it has) as touched. */
export function touchOwnerOf(state: CorpusState, artifactRelpath: string): void {
  if (state.winners === undefined) {
    return;
  }
  for (const owner of metadataOwnersOf(artifactRelpath)) {
    touch(state, owner);
  }
}

/** Relpath of a metadata file's GI/KG/bridge sibling. */
export function siblingRelpath(metadataRelpath: string, kind: ArtifactKind): string {
  const dir = path.posix.dirname(metadataRelpath);
  const name = siblingArtifactName(metadataStem(path.posix.basename(metadataRelpath)), kind);
  return dir === '.' ? name : `${dir}/${name}`;
}

/**
 * The GI, KG and bridge sibling relpaths of a metadata file, memoised on its
 * cache entry; pooled, so they are the strings the artifact map keys by.
 */
export function siblingsOf(state: CorpusState, relpath: string, file: CachedMetadata): Siblings {
  file.siblings ??= [
    state.strings.one(siblingRelpath(relpath, 'gi')),
    state.strings.one(siblingRelpath(relpath, 'kg')),
    state.strings.one(siblingRelpath(relpath, 'bridge')),
  ];
  return file.siblings;
}

function candidateOf(relpath: string, file: CachedMetadata & { value: EpisodeMetadata }) {
  const memo = file.candidate;
  if (memo?.source === file.value && memo.value.mtime_ms === file.mtimeMs) {
    return memo.value;
  }
  const value = dedupCandidateOf(relpath, file.value, file.mtimeMs);
  file.candidate = { source: file.value, value };
  return value;
}

/** Feed and episode key of a dedup candidate; undefined when it has no episode key (always kept). */
function groupKeyOf(candidate: DedupCandidate): string | undefined {
  const { feed_id, episode_key } = candidate;
  return episode_key === null ? undefined : `${feed_id}\u0000${episode_key}`;
}

/**
 * What run deduplication knows of a metadata file after a read: null when
 * unreadable, its feed and episode key otherwise (the feed alone, marked,
 * when it has no key). A change bumps `dedupKeysVersion`.
 */
export function dedupKeyOf(relpath: string, file: CachedMetadata): string | null {
  if (!file.value) {
    return null;
  }
  const candidate = candidateOf(relpath, file as CachedMetadata & { value: EpisodeMetadata });
  return groupKeyOf(candidate) ?? `${candidate.feed_id}\u0001`;
}

/** The metadata files that win run deduplication (unreadable ones are no episodes at all). */
export function dedupWinners(state: CorpusState): { winners: Set<string>; contested: Set<string> } {
  const candidates: DedupCandidate[] = [];
  for (const [relpath, file] of state.metadata) {
    if (file.value) {
      candidates.push(candidateOf(relpath, file as CachedMetadata & { value: EpisodeMetadata }));
    }
  }
  return dedupRuns(candidates);
}

/**
 * Winner metadata relpath → the relpaths of the same episode that lost run
 * deduplication (older runs' copies), for episodes that have any.
 */
export function losingCopies(
  state: CorpusState,
  winners: ReadonlySet<string>,
): Map<string, string[]> {
  const key = [winners, state.dedupKeysVersion, state.keysVersion];
  return memoOnState(state, 'losingCopies', key, () => findLosingCopies(state, winners));
}

function findLosingCopies(state: CorpusState, winners: ReadonlySet<string>): Map<string, string[]> {
  const copies = new Map<string, string[]>();
  if (winners.size === state.metadata.size) {
    return copies; // every metadata file won: no episode has a losing copy
  }
  const keyOf = (relpath: string, file: CachedMetadata) =>
    groupKeyOf(candidateOf(relpath, file as CachedMetadata & { value: EpisodeMetadata }));
  const losers = new Map<string, string[]>();
  for (const [relpath, file] of state.metadata) {
    const key = file.value && !winners.has(relpath) ? keyOf(relpath, file) : undefined;
    if (key !== undefined) {
      const list = losers.get(key) ?? [];
      list.push(relpath);
      losers.set(key, list);
    }
  }
  if (losers.size === 0) {
    return copies;
  }
  for (const relpath of winners) {
    const file = state.metadata.get(relpath);
    const key = file?.value ? keyOf(relpath, file) : undefined;
    const lost = key === undefined ? undefined : losers.get(key);
    if (lost !== undefined) {
      copies.set(relpath, lost.sort());
    }
  }
  return copies;
}

/** Artifact relpaths hidden by deduplication: the siblings of losing metadata files. */
export function losingArtifacts(state: CorpusState, winners: ReadonlySet<string>): Set<string> {
  const key = [winners, state.dedupKeysVersion, state.keysVersion];
  return memoOnState(state, 'losingArtifacts', key, () => findLosingArtifacts(state, winners));
}

function findLosingArtifacts(state: CorpusState, winners: ReadonlySet<string>): Set<string> {
  const hidden = new Set<string>();
  if (winners.size === state.metadata.size) {
    return hidden; // every metadata file won: nothing is hidden
  }
  for (const [relpath, file] of state.metadata) {
    if (file.value && !winners.has(relpath)) {
      for (const sibling of siblingsOf(state, relpath, file)) {
        hidden.add(sibling);
      }
    }
  }
  return hidden;
}

/** Every artifact relpath in listing order, sorted again only after files came or went. */
export function artifactOrder(state: CorpusState): readonly string[] {
  if (state.artifactOrder?.version !== state.keysVersion) {
    state.artifactOrder = {
      version: state.keysVersion,
      relpaths: [...state.artifacts.keys()].sort(),
    };
  }
  return state.artifactOrder.relpaths;
}

/** Items between the steps of a value built in steps (`time-slicer.ts`). */
export const ITEMS_PER_STEP = 1024;

/**
 * Each winning episode's sibling artifact relpaths → its publish date, for
 * the artifact listing; in steps, a pause every `ITEMS_PER_STEP` episodes.
 */
export function* artifactDates(
  state: CorpusState,
  episodes: readonly EpisodeRecord[],
): Generator<void, ReadonlyMap<string, string | null>> {
  // 300,000 artifacts at 100,000 episodes: split, so its growth never rehashes them all in one step.
  const dates = new ShardedMap<string, string | null>(shardOfText);
  for (const [i, episode] of episodes.entries()) {
    if (i % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) {
      yield;
    }
    const file = state.metadata.get(episode.metadata_relpath);
    if (file !== undefined) {
      for (const sibling of siblingsOf(state, episode.metadata_relpath, file)) {
        dates.set(sibling, episode.publish_date);
      }
    }
  }
  return dates;
}
