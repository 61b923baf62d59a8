import { statSync } from 'node:fs';
import type { Logger } from 'pino';
import { readRegularFileDroppedSync } from '../files/open-file.js';
import { joinUnder } from '../files/plain-path.js';
import { LAYER_NORMALIZERS } from '../readers/episode-layers.js';
import { readCorpusObject } from '../readers/lenient-parse.js';
import { pickEpisodeMetadata } from '../readers/metadata.js';
import type { TrackedKind } from './corpus-state.js';

/**
 * One tracked file as the loader keeps it: its (mtime, size) and its kept
 * value (picked metadata or a normalised layer), or null when the file is
 * unusable (after one warning).
 */
export interface ParsedFile {
  mtimeMs: number;
  size: number;
  value: object | null;
  /** Null because the file ends before its document does (a write in progress or cut off). */
  cutShort?: boolean;
}

/**
 * Reads, parses and normalises one tracked file; undefined when it vanished.
 * The one definition of what the loader keeps of a file, whether it runs on
 * the main thread or in the read-ahead worker (`parse-worker.ts`).
 */
export function parseTrackedFile(
  root: string,
  relpath: string,
  kind: TrackedKind,
  logger: Pick<Logger, 'warn'>,
): ParsedFile | undefined {
  const read = readCorpusObject(joinUnder(root, relpath), logger as Logger);
  if (read === undefined) {
    return undefined;
  }
  const { mtimeMs, size, record } = read;
  if (record === undefined) {
    return read.cutShort
      ? { mtimeMs, size, value: null, cutShort: true }
      : { mtimeMs, size, value: null };
  }
  if (kind === 'metadata') {
    return { mtimeMs, size, value: pickEpisodeMetadata(record) };
  }
  try {
    return { mtimeMs, size, value: LAYER_NORMALIZERS[kind](record) };
  } catch (err) {
    logger.warn({ file: relpath, err: (err as Error).message }, 'skipping unreadable corpus file');
    return { mtimeMs, size, value: null };
  }
}

/** A tracked file's (mtime, size). */
export interface FileStat {
  mtimeMs: number;
  size: number;
}

/** A tracked file's (mtime, size), or undefined when it is gone or cannot be statted. */
export function statTrackedFile(root: string, relpath: string): FileStat | undefined {
  try {
    const info = statSync(joinUnder(root, relpath), { throwIfNoEntry: false });
    return info && { mtimeMs: info.mtimeMs, size: info.size };
  } catch {
    return undefined;
  }
}

/** What one prefetch pass did: files whose bytes it read, and files it left to the parser. */
export interface PrefetchCount {
  read: number;
  left: number;
}

export interface PrefetchOptions {
  /** Files read first to tell a cold batch from one the page cache holds. */
  sample: number;
  /** A sample read this fast per file (µs, on average) means the page cache holds the batch: the rest is left. */
  warmMicros: number;
}

/**
 * A file read that misses the page cache costs this machine about 60-130 µs
 * and one that hits it about 12 µs (docs/decisions/corpus.md): a sample of
 * eight under 30 µs each is a batch the parsers will find cached.
 */
export const PREFETCH: PrefetchOptions = { sample: 8, warmMicros: 30 };

/**
 * Reads the bytes of `relpaths` into `scratch` and drops them, so that the
 * page cache holds them by the time a parser reads them. A file that is
 * gone or not a regular file (a FIFO: opened without blocking) is passed
 * over, and no more than a file's size is read, whatever it is. When the
 * first `sample` files read fast, the batch is cached already and the rest
 * are left: reading them again would cost the parsers CPU for nothing.
 */
export function prefetchFiles(
  root: string,
  relpaths: readonly string[],
  scratch: Buffer,
  options: PrefetchOptions = PREFETCH,
): PrefetchCount {
  let read = 0;
  const started = performance.now();
  for (const [i, relpath] of relpaths.entries()) {
    if (
      i === options.sample &&
      ((performance.now() - started) * 1000) / options.sample < options.warmMicros
    ) {
      return { read, left: relpaths.length - i };
    }
    try {
      readRegularFileDroppedSync(joinUnder(root, relpath), scratch);
      read++;
    } catch {
      // Gone, or not a regular file: the parser will say so.
    }
  }
  return { read, left: 0 };
}
