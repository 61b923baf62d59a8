import { mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { indexFileIn } from '@podcast/runtime';
import type { CorpusIndex } from './corpus-index.js';
import { isLockHeld } from './ingest-lock.js';

export interface IndexPoolOptions {
  /** Where the indexes of the configured roots live (DATA_DIR/corpus-index). */
  folder: string;
  /** Opens the index of `root` in `file`, as the app opens its shared one. */
  open(root: string, file: string): CorpusIndex;
  /** Other folders' indexes held open at once; past it the least recently used is closed (default 2). */
  maxOpen?: number;
  /** Other folders' index files kept on disk; past it the least recently used are deleted (default 16). */
  maxFiles?: number;
  /** How long an index closed for the bound stays open for requests under way (default 30 s). */
  closeDelayMs?: number;
  /** A lock heartbeat older than this is no live holder's (default 5 s, the index's own). */
  staleMs?: number;
}

/**
 * The corpus indexes of roots other than the shared one: the configured
 * roots (CORPUS_ROOTS), and corpora found in folders inside them (a folder
 * of corpora). Those folders are whatever requests name, so both what is
 * open and what is on disk are bounded, least recently used first.
 */
export interface CorpusIndexPool {
  /**
   * The index of `root`, opened (and built in the background) on first use.
   * A `pinned` root (a configured one) is held open for the pool's life and
   * its file kept, as the shared root's is; any other is bounded.
   */
  indexOf(root: string, pinned: boolean): CorpusIndex;
  /** The roots indexed now, most recently used last. */
  describe(): { root: string; file: string; pinned: boolean }[];
  close(): Promise<void>;
}

const OTHER_FOLDER = 'folders';

interface OpenIndex {
  index: CorpusIndex;
  file: string;
}

/** The files of one SQLite index: the database, its WAL and shared memory, and the ingest lock's. */
function filesOfIndex(file: string): string[] {
  return ['', '-wal', '-shm', '.lock', '.lock-wal', '.lock-shm'].map((tail) => file + tail);
}

/** When the index was last opened or written: the newest of its database and WAL. */
function lastUsedMs(file: string): number {
  const stamps = [file, `${file}-wal`].map(
    (f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0,
  );
  return Math.max(...stamps);
}

export function createCorpusIndexPool(options: IndexPoolOptions): CorpusIndexPool {
  const maxOpen = options.maxOpen ?? 2;
  const maxFiles = options.maxFiles ?? 16;
  const closeDelayMs = options.closeDelayMs ?? 30_000;
  const staleMs = options.staleMs ?? 5000;
  const pinned = new Set<string>();
  const otherFolder = join(options.folder, OTHER_FOLDER);
  /** Open indexes by root, least recently used first (a Map keeps insertion order). */
  const open = new Map<string, OpenIndex>();
  const closing = new Set<Promise<void>>();
  /** Indexes out of the bound by root, waiting out `closeDelayMs` before they close. */
  const retiring = new Map<string, { entry: OpenIndex; timer: NodeJS.Timeout }>();

  /** Closed after `closeDelayMs`, so a request that holds its view finishes its queries. */
  const closeLater = (root: string, entry: OpenIndex) => {
    const timer = setTimeout(() => {
      retiring.delete(root);
      const done = entry.index.close().finally(() => closing.delete(done));
      closing.add(done);
    }, closeDelayMs);
    timer.unref();
    retiring.set(root, { entry, timer });
  };

  /** The index of `root` waiting to close, kept open again. */
  const revive = (root: string): OpenIndex | undefined => {
    const waiting = retiring.get(root);
    if (waiting !== undefined) {
      clearTimeout(waiting.timer);
      retiring.delete(root);
    }
    return waiting?.entry;
  };

  /** Deletes the least recently used files of other folders past `maxFiles`, keeping `keep`'s. */
  const boundFiles = (keep: string) => {
    const files = readdirSync(otherFolder)
      .filter((name) => name.endsWith('.sqlite'))
      .map((name) => join(otherFolder, name));
    // `keep` is about to be made when it is not there yet: it counts too.
    let excess = files.length + (files.includes(keep) ? 0 : 1) - maxFiles;
    if (excess <= 0) {
      return;
    }
    const held = [...open.values(), ...[...retiring.values()].map((waiting) => waiting.entry)];
    const inUse = new Set(held.map((entry) => entry.file));
    const now = Date.now();
    const oldestFirst = files
      .filter((file) => file !== keep && !inUse.has(file))
      .sort((a, b) => lastUsedMs(a) - lastUsedMs(b));
    for (const file of oldestFirst) {
      if (excess <= 0) {
        return;
      }
      // Another process ingests it: in use there, so not ours to delete.
      if (isLockHeld(`${file}.lock`, staleMs, now)) {
        continue;
      }
      for (const part of filesOfIndex(file)) {
        rmSync(part, { force: true });
      }
      excess--;
    }
  };

  const openOther = (root: string): OpenIndex => {
    mkdirSync(otherFolder, { recursive: true });
    const file = indexFileIn(otherFolder, root);
    const now = new Date();
    // Opening counts as use: the file bound deletes the least recently opened or written.
    if (statSync(file, { throwIfNoEntry: false }) !== undefined) {
      utimesSync(file, now, now);
    }
    boundFiles(file);
    return { index: options.open(root, file), file };
  };

  const openPinned = (root: string): OpenIndex => {
    mkdirSync(options.folder, { recursive: true });
    const file = indexFileIn(options.folder, root);
    return { index: options.open(root, file), file };
  };

  const boundOpen = () => {
    const others = [...open].filter(([root]) => !pinned.has(root));
    for (const [root, entry] of others.slice(0, Math.max(0, others.length - maxOpen))) {
      open.delete(root);
      closeLater(root, entry);
    }
  };

  return {
    indexOf(root, isPinned) {
      let entry = open.get(root);
      if (entry !== undefined) {
        open.delete(root); // most recently used last
        open.set(root, entry);
        return entry.index;
      }
      if (isPinned) {
        pinned.add(root);
      }
      entry = revive(root) ?? (isPinned ? openPinned(root) : openOther(root));
      open.set(root, entry);
      boundOpen();
      return entry.index;
    },
    describe: () =>
      [...open].map(([root, entry]) => ({ root, file: entry.file, pinned: pinned.has(root) })),
    async close() {
      const indexes = [...open.values()].map((entry) => entry.index);
      for (const { entry, timer } of retiring.values()) {
        clearTimeout(timer);
        indexes.push(entry.index);
      }
      retiring.clear();
      open.clear();
      await Promise.all([...closing, ...indexes.map((index) => index.close())]);
    },
  };
}
