import { stat } from 'node:fs/promises';
import { NotRegularFile, readRegularFile } from '../files/open-file.js';
import { isMissingFileError } from '../roots/missing-file.js';

export interface CachedFile<T> {
  value: T;
  size: number;
  mtimeMs: number;
}

export interface FileCache<T> {
  /** The parsed file, re-read only when its (mtime, size) moved; undefined when it does not exist. */
  read(file: string): Promise<CachedFile<T> | undefined>;
  stats(): CacheStats;
  clear(): void;
}

/** What one cache holds now, for the debug route and the periodic log line. */
export interface CacheStats {
  name: string;
  entries: number;
  /** Sum of the cached files' sizes on disk (the parsed values take a few times more). */
  bytes: number;
  maxEntries: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

export interface FileCacheLimits {
  name: string;
  maxEntries: number;
  maxBytes: number;
}

/**
 * Side files (query log, topic clusters, enrichment envelopes, run.json) are
 * read per request; a stat is cheap, a read and parse is not, so the parsed
 * value is kept until the file's mtime or size changes. `parse` must not
 * throw on bad content: it returns whatever marks a corrupt file. Past
 * either limit the least recently used entries go; a file larger than
 * `maxBytes` alone is parsed and returned but not kept.
 */
export function createFileCache<T>(
  parse: (text: string) => T,
  limits: FileCacheLimits,
): FileCache<T> {
  const entries = new Map<string, CachedFile<T>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const drop = (file: string) => {
    const known = entries.get(file);
    if (known !== undefined) {
      bytes -= known.size;
      entries.delete(file);
    }
  };
  const keep = (file: string, fresh: CachedFile<T>) => {
    drop(file);
    if (fresh.size > limits.maxBytes) {
      return;
    }
    entries.set(file, fresh);
    bytes += fresh.size;
    while (entries.size > limits.maxEntries || bytes > limits.maxBytes) {
      drop(entries.keys().next().value as string);
    }
  };
  return {
    stats: () => ({ ...limits, entries: entries.size, bytes, hits, misses }),
    clear() {
      entries.clear();
      bytes = 0;
    },
    async read(file) {
      let info: { size: number; mtimeMs: number; isFile(): boolean };
      try {
        info = await stat(file);
      } catch (err) {
        if (isMissingFileError(err)) {
          drop(file);
          return undefined;
        }
        throw err;
      }
      if (!info.isFile()) {
        return undefined;
      }
      const known = entries.get(file);
      if (known !== undefined && known.mtimeMs === info.mtimeMs && known.size === info.size) {
        // Most recently used last, so the bound drops the coldest entry.
        entries.delete(file);
        entries.set(file, known);
        hits++;
        return known;
      }
      misses++;
      const text = await readRegularFile(file).catch((err: unknown) => {
        if (isMissingFileError(err) || err instanceof NotRegularFile) {
          return undefined;
        }
        throw err;
      });
      if (text === undefined) {
        drop(file);
        return undefined;
      }
      const fresh = { value: parse(text), size: info.size, mtimeMs: info.mtimeMs };
      keep(file, fresh);
      return fresh;
    },
  };
}

export type JsonText = { ok: true; value: unknown } | { ok: false; reason: string };

/** JSON.parse that reports instead of throwing, tolerating a UTF-8 BOM. */
export function parseJsonText(text: string): JsonText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
}
