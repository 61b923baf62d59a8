import { statSync } from 'node:fs';
import path from 'node:path';
import { mapLimit } from '@podcast/runtime';
import { normalizeBridge } from '../readers/bridge-reader.js';
import { normalizeGi } from '../readers/gi-reader.js';
import { normalizeKg } from '../readers/kg-reader.js';
import { readCorpusObject } from '../readers/lenient-parse.js';
import type { ArtifactKind } from '../readers/metadata.js';
import { pickEpisodeMetadata } from '../readers/metadata.js';
import { artCandidatesOf } from '../records/episode-record.js';
import {
  type AnyCached,
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
  siblingsOf,
  type TrackedKind,
  touch,
} from './corpus-state.js';

/** Reads one file into its cache entry; returns the parsed object, or undefined when unusable or gone. */
async function readCached(
  state: CorpusState,
  cache: Map<string, AnyCached>,
  relpath: string,
  deps: SyncDeps,
): Promise<Record<string, unknown> | undefined> {
  await deps.slicer.yieldIfDue();
  state.generation++;
  const read = readCorpusObject(path.join(state.root, relpath), deps.logger);
  const entry = cache.get(relpath);
  if (read === undefined || entry === undefined) {
    forget(state, cache, relpath);
    return undefined;
  }
  Object.assign(entry, { mtimeMs: read.mtimeMs, size: read.size });
  noteStability(state, relpath, entry, deps);
  return read.record;
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
  await mapLimit(pending, deps.concurrency, async (relpath) => {
    counters.filesRead++;
    const raw = await readCached(state, cacheFor(state, 'metadata'), relpath, deps);
    state.metadataToRead.delete(relpath);
    const entry = state.metadata.get(relpath);
    if (entry !== undefined) {
      entry.value = raw === undefined ? null : state.strings.intern(pickEpisodeMetadata(raw));
      noteDedupKey(state, relpath, entry);
      touch(state, relpath);
    }
    if (raw === undefined) {
      counters.filesSkipped++;
      return;
    }
    for (const art of artCandidatesOf(raw)) {
      artToCheck.add(art);
    }
  });
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

const NORMALIZERS: Readonly<
  Record<ArtifactKind, (raw: Record<string, unknown>) => LoadedArtifact>
> = {
  gi: normalizeGi,
  kg: normalizeKg,
  bridge: normalizeBridge,
};

async function loadArtifact(
  state: CorpusState,
  relpath: string,
  file: CachedArtifact,
  deps: SyncDeps,
) {
  const raw = await readCached(state, cacheFor(state, file.kind), relpath, deps);
  state.artifactsVersion++; // its (mtime, size) and value are new
  try {
    file.value = raw === undefined ? null : state.strings.intern(NORMALIZERS[file.kind](raw));
  } catch (err) {
    deps.logger.warn(
      { file: relpath, err: (err as Error).message },
      'skipping unreadable corpus file',
    );
    file.value = null;
  }
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
      for (const sibling of siblingsOf(relpath, file)) {
        wanted.add(sibling);
      }
    }
  }
  return wanted;
}

/**
 * Reads the GI/KG/bridge siblings of winning episodes that are not loaded
 * yet; artifacts of losing runs are released and, like orphans, only
 * statted for the listing.
 */
export async function loadWinnerArtifacts(
  state: CorpusState,
  winners: ReadonlySet<string>,
  deps: SyncDeps,
  counters: SyncCounters,
): Promise<void> {
  const done = state.artifactPass;
  if (done?.winners === winners && done.artifactsVersion === state.artifactsVersion) {
    return; // the same winners and no artifact changed since every wanted one was read
  }
  const wanted = wantedArtifacts(state, winners);
  const toRead: Array<[string, CachedArtifact]> = [];
  const toStat: Array<[string, TrackedKind]> = [];
  for (const [relpath, file] of state.artifacts) {
    if (!wanted.has(relpath)) {
      if (file.value !== undefined) {
        file.value = undefined;
        state.artifactsVersion++;
      }
      if (Number.isNaN(file.mtimeMs)) toStat.push([relpath, file.kind]);
    } else if (file.value === undefined) {
      toRead.push([relpath, file]);
    }
  }
  await mapLimit(toRead, deps.concurrency, async ([relpath, file]) => {
    counters.filesRead++;
    await loadArtifact(state, relpath, file, deps);
    if (file.value === null) {
      counters.filesSkipped++;
    }
  });
  counters.filesStatted += toStat.length;
  await statKnown(state, toStat, deps);
  state.artifactPass = { winners, artifactsVersion: state.artifactsVersion };
}
