import { readFile, stat } from 'node:fs/promises';
import { isMissingFileError } from '../missing-file.js';

export interface CachedFile<T> {
  value: T;
  size: number;
  mtimeMs: number;
}

export interface FileCache<T> {
  /** The parsed file, re-read only when its (mtime, size) moved; undefined when it does not exist. */
  read(file: string): Promise<CachedFile<T> | undefined>;
}

/**
 * Side files (query log, topic clusters, enrichment envelopes, run.json) are
 * read per request; a stat is cheap, a read and parse is not, so the parsed
 * value is kept until the file's mtime or size changes. `parse` must not
 * throw on bad content: it returns whatever marks a corrupt file.
 */
export function createFileCache<T>(parse: (text: string) => T, maxEntries = 2000): FileCache<T> {
  const entries = new Map<string, CachedFile<T>>();
  return {
    async read(file) {
      let info: { size: number; mtimeMs: number; isFile(): boolean };
      try {
        info = await stat(file);
      } catch (err) {
        if (isMissingFileError(err)) {
          entries.delete(file);
          return undefined;
        }
        throw err;
      }
      if (!info.isFile()) {
        return undefined;
      }
      const known = entries.get(file);
      if (known !== undefined && known.mtimeMs === info.mtimeMs && known.size === info.size) {
        return known;
      }
      const text = await readFile(file, 'utf8').catch((err: unknown) => {
        if (isMissingFileError(err)) {
          return undefined;
        }
        throw err;
      });
      if (text === undefined) {
        entries.delete(file);
        return undefined;
      }
      const fresh = { value: parse(text), size: info.size, mtimeMs: info.mtimeMs };
      entries.delete(file);
      entries.set(file, fresh);
      if (entries.size > maxEntries) {
        entries.delete(entries.keys().next().value as string);
      }
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
