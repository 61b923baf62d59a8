import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from './map-limit.js';
import { artifactKindOf, isMetadataFileName } from './metadata.js';

/** What discovery keeps of one directory. */
export interface DirListing {
  mtimeMs: number;
  /** False when the listing may have raced a write in the same clock tick; such a dir is re-listed. */
  stable: boolean;
  /** Child directories the walk descends into. */
  subdirs: string[];
  /** Metadata and GI/KG/bridge file names (only in directories named `metadata`). */
  files: string[];
}

/** Posix relpath ('' for the root) → listing. */
export type DirIndex = Map<string, DirListing>;

export interface WalkResult {
  dirs: DirIndex;
  /** Directories whose entries were (re)read in this walk, new ones included. */
  relisted: Set<string>;
}

export interface WalkOptions {
  previous?: DirIndex;
  /** Directories to re-list even when their mtime is unchanged (watch events). */
  forceList?: ReadonlySet<string>;
  nowMs: number;
  concurrency?: number;
}

/** Listings newer than this may miss entries written in the same timestamp tick. */
const RACY_WINDOW_MS = 2000;

/** Root-level folders that never hold episode metadata but can hold thousands of files. */
const PRUNED_AT_ROOT = new Set(['search', 'enrichments']);

/** Folders named `metadata` hold episodes; their `enrichments/` never does (spec 04 §1.2). */
function isMetadataDir(rel: string): boolean {
  return path.posix.basename(rel) === 'metadata';
}

function isWantedFile(name: string): boolean {
  return isMetadataFileName(name) || artifactKindOf(name) !== undefined;
}

/**
 * Which child directories discovery descends into. Dot-directories are
 * skipped everywhere, so `.trash/` never resurrects an episode; without
 * `feeds/` only the root `metadata/` is read.
 */
function descendInto(rel: string, entries: Dirent[]): string[] {
  const dirs = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
  if (rel === '') {
    return dirs.includes('feeds')
      ? dirs.filter((d) => !PRUNED_AT_ROOT.has(d))
      : dirs.filter((d) => d === 'metadata');
  }
  return isMetadataDir(rel) ? dirs.filter((d) => d !== 'enrichments') : dirs;
}

async function listDir(
  root: string,
  rel: string,
  mtimeMs: number,
  nowMs: number,
): Promise<DirListing> {
  const entries = await readdir(path.join(root, rel), { withFileTypes: true });
  const files = isMetadataDir(rel)
    ? entries
        .filter((e) => e.isFile() && isWantedFile(e.name))
        .map((e) => e.name)
        .sort()
    : [];
  return {
    mtimeMs,
    stable: nowMs - mtimeMs > RACY_WINDOW_MS,
    subdirs: descendInto(rel, entries),
    files,
  };
}

async function visit(
  root: string,
  rel: string,
  options: WalkOptions,
  result: WalkResult,
): Promise<string[]> {
  let mtimeMs: number;
  try {
    const info = await stat(path.join(root, rel));
    if (!info.isDirectory()) {
      return [];
    }
    mtimeMs = info.mtimeMs;
  } catch {
    return []; // vanished since its parent was listed
  }
  const known = options.previous?.get(rel);
  const isReusable = known?.mtimeMs === mtimeMs && known.stable && !options.forceList?.has(rel);
  let listing = isReusable ? known : undefined;
  if (listing === undefined) {
    try {
      listing = await listDir(root, rel, mtimeMs, options.nowMs);
    } catch {
      return [];
    }
    result.relisted.add(rel);
  }
  result.dirs.set(rel, listing);
  return listing.subdirs.map((name) => (rel === '' ? name : `${rel}/${name}`));
}

/**
 * Walks the corpus directories (never following symlinked directories),
 * re-reading a directory's entries only when its mtime moved. The stat of
 * every directory doubles as the cheap change check between loads.
 */
export async function walkCorpus(root: string, options: WalkOptions): Promise<WalkResult> {
  const result: WalkResult = { dirs: new Map(), relisted: new Set() };
  let level = [''];
  while (level.length > 0) {
    const children = await mapLimit(level, options.concurrency ?? 64, (rel) =>
      visit(root, rel, options, result),
    );
    level = children.flat();
  }
  return result;
}

/** Metadata file relpaths discovery finds under `root` (before run dedup), sorted. */
export async function discoverMetadataFiles(root: string): Promise<string[]> {
  const { dirs } = await walkCorpus(root, { nowMs: Date.now() });
  const found: string[] = [];
  for (const [dir, listing] of dirs) {
    for (const name of listing.files) {
      if (isMetadataFileName(name)) {
        found.push(dir === '' ? name : `${dir}/${name}`);
      }
    }
  }
  return found.sort();
}
