import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from '@podcast/runtime';
import { artifactKindOf, isMetadataFileName } from '../readers/metadata.js';
import { isSentimentSidecarName } from '../readers/sentiment-sidecar.js';

/** What discovery keeps of one directory. */
export interface DirListing {
  mtimeMs: number;
  /** False when the listing may have raced a write in the same clock tick; such a dir is re-listed. */
  stable: boolean;
  /** Child directories the walk descends into. */
  subdirs: string[];
  /** GI/KG/bridge file names, and metadata file names where `episodes` is true. */
  files: string[];
  /** Whether metadata files were listed: in `metadata/` folders, only the root one in the flat layout. */
  episodes: boolean;
}

/** Posix relpath ('' for the root) → listing. */
export type DirIndex = Map<string, DirListing>;

export interface WalkResult {
  dirs: DirIndex;
  /** Directories whose entries were (re)read in this walk, new ones included. */
  relisted: Set<string>;
  /** Directories statted (a trusted listing costs no stat). */
  visited: number;
  /**
   * Set by a walk of the watched changes only (`walkChanged`): every
   * directory of `previous` it dropped. Without it, whatever `previous`
   * holds and `dirs` lacks is gone.
   */
  gone?: ReadonlySet<string>;
}

export interface WalkOptions {
  previous?: ReadonlyMap<string, DirListing>;
  /** Directories to re-list even when their mtime is unchanged (watch events). */
  forceList?: ReadonlySet<string>;
  /**
   * Reuse every previous listing outside `forceList` without a stat: a
   * working watcher reports each change, so only the named directories (and
   * new ones found in them) are visited. Off for the periodic safety rescan.
   */
  trustPrevious?: boolean;
  nowMs: number;
  concurrency?: number;
  /**
   * Also lists each `metadata/` folder's `enrichments/`, for its insight
   * sentiment sidecars only (the corpus index keeps their entries).
   */
  sidecars?: boolean;
  /** Set by the walk from the root's listing: whether the root has a `feeds/` folder. */
  hasFeeds?: boolean;
}

/** Listings newer than this may miss entries written in the same timestamp tick. */
const RACY_WINDOW_MS = 2000;

/** Root-level folders that never hold episode metadata but can hold thousands of files. */
const PRUNED_AT_ROOT = new Set(['search', 'enrichments']);

/** Folders named `metadata` hold episodes; their `enrichments/` never does (spec 04 §1.2). */
function isMetadataDir(rel: string): boolean {
  return path.posix.basename(rel) === 'metadata';
}

function isArtifactFile(name: string): boolean {
  return artifactKindOf(name) !== undefined;
}

function isWantedFile(name: string): boolean {
  return isMetadataFileName(name) || artifactKindOf(name) !== undefined;
}

/**
 * Which child directories discovery descends into: every one but
 * dot-directories (so `.trash/` never resurrects an episode), the root's
 * index folders, and a `metadata/` folder's `enrichments/`. GI/KG/bridge
 * files are listed from any of them (spec 01: the artifact list covers the
 * whole root); metadata files only from folders named `metadata`.
 */
function descendInto(rel: string, entries: Dirent[], sidecars: boolean): string[] {
  const dirs = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
  if (rel === '') {
    return dirs.filter((d) => !PRUNED_AT_ROOT.has(d));
  }
  return isMetadataDir(rel) && !sidecars ? dirs.filter((d) => d !== 'enrichments') : dirs;
}

/** A `metadata/` folder's `enrichments/`, listed for sentiment sidecars when the walk asks for them. */
function isSidecarDir(rel: string): boolean {
  return path.posix.basename(rel) === 'enrichments' && isMetadataDir(path.posix.dirname(rel));
}

/**
 * Whether `rel` holds episodes: a `metadata/` folder, and without `feeds/`
 * (the flat layout, spec 04 §1) only the root's own `metadata/`.
 */
function holdsEpisodes(rel: string, hasFeeds: boolean): boolean {
  return isMetadataDir(rel) && (hasFeeds || rel === 'metadata');
}

async function listDir(
  root: string,
  rel: string,
  mtimeMs: number,
  options: WalkOptions,
): Promise<DirListing> {
  const entries = await readdir(path.join(root, rel), { withFileTypes: true });
  if (options.sidecars === true && isSidecarDir(rel)) {
    const files = entries.filter((e) => e.isFile() && isSentimentSidecarName(e.name));
    return {
      mtimeMs,
      stable: options.nowMs - mtimeMs > RACY_WINDOW_MS,
      subdirs: [],
      files: files.map((e) => e.name).sort(),
      episodes: false,
    };
  }
  const episodes = holdsEpisodes(rel, options.hasFeeds === true);
  const wanted = episodes ? isWantedFile : isArtifactFile;
  const files = entries
    .filter((e) => e.isFile() && wanted(e.name))
    .map((e) => e.name)
    .sort();
  return {
    mtimeMs,
    stable: options.nowMs - mtimeMs > RACY_WINDOW_MS,
    subdirs: descendInto(rel, entries, options.sidecars === true),
    files,
    episodes,
  };
}

async function visit(
  root: string,
  rel: string,
  options: WalkOptions,
  result: WalkResult,
): Promise<string[]> {
  const trusted = options.trustPrevious ? options.previous?.get(rel) : undefined;
  if (trusted !== undefined && !options.forceList?.has(rel)) {
    result.dirs.set(rel, trusted);
    return childrenOf(rel, trusted);
  }
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
  result.visited++;
  const known = options.previous?.get(rel);
  const isReusable =
    known?.mtimeMs === mtimeMs &&
    known.stable &&
    known.episodes === holdsEpisodes(rel, options.hasFeeds === true) &&
    !options.forceList?.has(rel);
  let listing = isReusable ? known : undefined;
  if (listing === undefined) {
    try {
      listing = await listDir(root, rel, mtimeMs, options);
    } catch {
      return [];
    }
    result.relisted.add(rel);
  }
  result.dirs.set(rel, listing);
  return childrenOf(rel, listing);
}

function childrenOf(rel: string, listing: DirListing): string[] {
  return listing.subdirs.map((name) => (rel === '' ? name : `${rel}/${name}`));
}

/**
 * Walks the corpus directories (never following symlinked directories),
 * re-reading a directory's entries only when its mtime moved. The stat of
 * every directory doubles as the cheap change check between loads.
 */
export async function walkCorpus(root: string, options: WalkOptions): Promise<WalkResult> {
  if (
    options.trustPrevious === true &&
    options.previous?.has('') === true &&
    options.forceList?.has('') !== true
  ) {
    return walkChanged(root, options, options.previous);
  }
  const result: WalkResult = { dirs: new Map(), relisted: new Set(), visited: 0 };
  let level = await visit(root, '', options, result);
  const below = { ...options, hasFeeds: level.includes('feeds') };
  while (level.length > 0) {
    const children = await mapLimit(level, options.concurrency ?? 64, (rel) =>
      visit(root, rel, below, result),
    );
    level = children.flat();
  }
  return result;
}

/**
 * A trusted walk (`trustPrevious`): every previous listing is kept as it is
 * and only the directories the watcher named are visited, with the new
 * directories found in them; a directory that vanished, or that its parent
 * no longer lists, is dropped with everything under it. A walk of every
 * directory (each trusted, but each a visit) made a change cost more as
 * feeds were added; this one costs the named directories. A change at the root itself (which
 * decides the flat layout) takes the walk of every directory.
 */
async function walkChanged(
  root: string,
  options: WalkOptions,
  previous: ReadonlyMap<string, DirListing>,
): Promise<WalkResult> {
  const gone = new Set<string>();
  const result: WalkResult = { dirs: new Map(previous), relisted: new Set(), visited: 0, gone };
  const below = { ...options, hasFeeds: previous.get('')?.subdirs.includes('feeds') === true };
  const drop = (rel: string) => {
    const under = `${rel}/`;
    for (const dir of result.dirs.keys()) {
      if (dir === rel || dir.startsWith(under)) {
        result.dirs.delete(dir);
        if (previous.has(dir)) gone.add(dir);
      }
    }
  };
  let level = [...(options.forceList ?? [])].filter((rel) => previous.has(rel));
  const seen = new Set(level);
  while (level.length > 0) {
    const children = await mapLimit(level, options.concurrency ?? 64, async (rel) => {
      const was = result.dirs.get(rel);
      result.dirs.delete(rel);
      const kids = await visit(root, rel, below, result);
      const now = result.dirs.get(rel);
      if (now === undefined) {
        if (was !== undefined) result.dirs.set(rel, was);
        drop(rel);
        return [];
      }
      for (const name of was?.subdirs ?? []) {
        if (!now.subdirs.includes(name)) drop(rel === '' ? name : `${rel}/${name}`);
      }
      // Known directories keep their listings (a changed one is named by the watcher itself).
      return kids.filter((kid) => !previous.has(kid) && !seen.has(kid));
    });
    level = children.flat();
    for (const rel of level) seen.add(rel);
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
