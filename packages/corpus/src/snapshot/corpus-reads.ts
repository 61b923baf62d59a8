import { statSync } from 'node:fs';
import path from 'node:path';
import { mapLimit } from '@podcast/runtime';
import type { EpisodeMetadata } from '../readers/metadata.js';
import { artCandidatesOf } from '../records/episode-record.js';
import {
  aheadFor,
  cacheFor,
  forget,
  noteStability,
  type SyncCounters,
  type SyncDeps,
  statKnown,
} from './corpus-cache.js';
import {
  type CachedArtifact,
  type CachedMetadata,
  type CorpusState,
  dedupKeyOf,
  type LoadedArtifact,
  memoOnState,
  setFileVersion,
  siblingsOf,
  type TrackedKind,
  touch,
} from './corpus-state.js';
import type { PackedValue } from './packed-value.js';
import type { Ahead, AheadResults } from './parse-ahead.js';
import { type ParsedFile, parseTrackedFile } from './parse-file.js';

/**
 * What a read leaves a tracked file: its new value (`fresh`), or, when the
 * file no longer parses, the value it had before it moved (not fresh) or
 * null when it had none.
 */
interface ReadValue {
  value: object | null;
  fresh: boolean;
}

/**
 * A file that moved and now ends before its document does is being
 * written, or its write was cut off (a pipeline that crashed): its last
 * usable value keeps the episode served as it was until the file moves
 * again. A complete file that does not parse is read as a fresh load reads
 * it (unusable), as is a cut-off file the loader never saw whole.
 */
function valueAfterRead(
  state: CorpusState,
  relpath: string,
  parsed: ParsedFile,
  deps: SyncDeps,
): ReadValue {
  const last = state.lastGood.get(relpath);
  state.lastGood.delete(relpath);
  if (parsed.value !== null || parsed.cutShort !== true || last === undefined) {
    return { value: parsed.value, fresh: true };
  }
  deps.logger.warn(
    { file: relpath },
    'corpus file is cut short; serving its last whole version until it changes again',
  );
  return { value: last, fresh: false };
}

/**
 * Reads one tracked file into its cache entry: from the read-ahead worker
 * when one parsed it, else here. Returns its kept value (null: unusable),
 * or undefined when the file is gone (its entry is forgotten).
 */
async function readTracked(
  state: CorpusState,
  relpath: string,
  kind: TrackedKind,
  deps: SyncDeps,
  ahead: Ahead<AheadResults['parse']> | undefined,
): Promise<ReadValue | undefined> {
  const early = ahead === undefined ? null : await ahead.take(relpath);
  await deps.slicer.yieldIfDue();
  state.generation++;
  const parsed = early === null ? parseTrackedFile(state.root, relpath, kind, deps.logger) : early;
  const cache = cacheFor(state, kind);
  const entry = cache.get(relpath);
  if (parsed === undefined || entry === undefined) {
    forget(state, cache, relpath);
    return undefined;
  }
  setFileVersion(entry, parsed.mtimeMs, parsed.size);
  noteStability(state, relpath, entry, deps);
  return valueAfterRead(state, relpath, parsed, deps);
}

/** A read's value as the cache keeps it: a fresh one interned, a kept one as it was held. */
function internedValue(state: CorpusState, read: ReadValue | undefined): object | null {
  if (read === undefined || read.value === null) {
    return null;
  }
  return read.fresh ? state.strings.intern(read.value) : read.value;
}

function noteDedupKey(state: CorpusState, relpath: string, entry: CachedMetadata): void {
  const key = dedupKeyOf(relpath, entry);
  if (entry.dedupKey !== key) {
    entry.dedupKey = key;
    state.dedupKeysVersion++;
  }
}

export async function loadMetadata(state: CorpusState, deps: SyncDeps, counters: SyncCounters) {
  const pending = [...state.metadataToRead];
  const artToCheck = new Set<string>();
  const ahead = aheadFor(
    'parse',
    state,
    pending.map((relpath) => [relpath, 'metadata'] as const),
    deps,
  );
  try {
    await mapLimit(pending, deps.concurrency, async (relpath) => {
      counters.filesRead++;
      const read = await readTracked(state, relpath, 'metadata', deps, ahead);
      state.metadataToRead.delete(relpath);
      const entry = state.metadata.get(relpath);
      const metadata = internedValue(state, read) as EpisodeMetadata | null;
      if (entry !== undefined) {
        entry.value = metadata;
        noteDedupKey(state, relpath, entry);
        touch(state, relpath);
      }
      if (metadata === null) {
        counters.filesSkipped++;
        return;
      }
      for (const art of artCandidatesOf(metadata)) {
        artToCheck.add(art);
      }
    });
  } finally {
    await ahead?.close();
  }
  return artToCheck;
}

function isFileSync(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/** Art existence is checked when a metadata file is (re)read, and for every known path on a full sync. */
export async function checkArt(
  state: CorpusState,
  relpaths: Set<string>,
  deps: SyncDeps,
): Promise<void> {
  for (const relpath of relpaths) {
    await deps.slicer.yieldIfDue();
    const exists = isFileSync(path.join(state.root, relpath));
    if (state.art.get(relpath) !== exists) {
      state.art.set(relpath, exists);
      state.artVersion++;
      state.generation++;
    }
  }
}

async function loadArtifact(
  state: CorpusState,
  relpath: string,
  file: CachedArtifact,
  deps: SyncDeps,
  ahead: Ahead<AheadResults['parse']> | undefined,
) {
  const read = await readTracked(state, relpath, file.kind, deps, ahead);
  state.artifactsVersion++; // its (mtime, size) and value are new
  file.value = internedValue(state, read) as LoadedArtifact | PackedValue | null;
}

/** The GI/KG/bridge sibling relpaths of the winners, kept while the winners set is the same. */
function wantedArtifacts(state: CorpusState, winners: ReadonlySet<string>): Set<string> {
  return memoOnState(state, 'wantedArtifacts', [winners], () => siblingsOfWinners(state, winners));
}

function siblingsOfWinners(state: CorpusState, winners: ReadonlySet<string>): Set<string> {
  const wanted = new Set<string>();
  for (const relpath of winners) {
    const file = state.metadata.get(relpath);
    if (file !== undefined) {
      for (const sibling of siblingsOf(state, relpath, file)) {
        wanted.add(sibling);
      }
    }
  }
  return wanted;
}

interface ArtifactPass {
  toRead: Array<[string, CachedArtifact]>;
  toStat: Array<[string, TrackedKind]>;
}

/**
 * The pass from the winners' side: their siblings to read, found by
 * lookup. It answers only when no other artifact holds a value or awaits
 * its first stat (what a restart finds), and then the set of every wanted
 * relpath (an insert per artifact) is not
 * built. Undefined: the caller makes the full pass.
 */
function winnersPass(state: CorpusState, winners: ReadonlySet<string>): ArtifactPass | undefined {
  const toRead: Array<[string, CachedArtifact]> = [];
  let wantedHeld = 0;
  let wantedUnstatted = 0;
  for (const relpath of winners) {
    const file = state.metadata.get(relpath);
    if (file === undefined) {
      continue;
    }
    for (const sibling of siblingsOf(state, relpath, file)) {
      const artifact = state.artifacts.get(sibling);
      if (artifact === undefined) {
        continue;
      }
      if (artifact.value === undefined) {
        toRead.push([sibling, artifact]);
        if (Number.isNaN(artifact.mtimeMs)) wantedUnstatted++;
      } else {
        wantedHeld++;
      }
    }
  }
  let held = 0;
  let unstatted = 0;
  for (const file of state.artifacts.values()) {
    if (file.value !== undefined) {
      held++;
    } else if (Number.isNaN(file.mtimeMs)) {
      unstatted++;
    }
  }
  return held === wantedHeld && unstatted === wantedUnstatted ? { toRead, toStat: [] } : undefined;
}

/** The pass over every artifact: losers' values released, unstatted ones statted, wanted ones read. */
function passOverArtifacts(state: CorpusState, wanted: ReadonlySet<string>): ArtifactPass {
  const toRead: Array<[string, CachedArtifact]> = [];
  const toStat: Array<[string, TrackedKind]> = [];
  for (const [relpath, file] of state.artifacts) {
    if (!wanted.has(relpath)) {
      state.lastGood.delete(relpath);
      if (file.value !== undefined) {
        file.value = undefined;
        state.artifactsVersion++;
      }
      if (Number.isNaN(file.mtimeMs)) toStat.push([relpath, file.kind]);
    } else if (file.value === undefined) {
      toRead.push([relpath, file]);
    }
  }
  return { toRead, toStat };
}

/**
 * Reads the GI/KG/bridge siblings of winning episodes that are not loaded
 * yet; artifacts of losing runs are released and, like orphans, only
 * statted for the listing. `beforeReads` is told how many files are to be
 * read, and awaited, before the first of them is.
 */
export async function loadWinnerArtifacts(
  state: CorpusState,
  winners: ReadonlySet<string>,
  deps: SyncDeps,
  counters: SyncCounters,
  beforeReads?: (count: number) => Promise<void>,
): Promise<void> {
  const done = state.artifactPass;
  if (done?.winners === winners && done.artifactsVersion === state.artifactsVersion) {
    return; // the same winners and no artifact changed since every wanted one was read
  }
  const { toRead, toStat } =
    winnersPass(state, winners) ?? passOverArtifacts(state, wantedArtifacts(state, winners));
  await beforeReads?.(toRead.length);
  const ahead = aheadFor(
    'parse',
    state,
    toRead.map(([relpath, file]) => [relpath, file.kind] as const),
    deps,
  );
  try {
    await mapLimit(toRead, deps.concurrency, async ([relpath, file]) => {
      counters.filesRead++;
      await loadArtifact(state, relpath, file, deps, ahead);
      if (file.value === null) {
        counters.filesSkipped++;
      }
    });
  } finally {
    await ahead?.close();
  }
  counters.filesStatted += toStat.length;
  await statKnown(state, toStat, deps);
  state.artifactPass = { winners, artifactsVersion: state.artifactsVersion };
}
