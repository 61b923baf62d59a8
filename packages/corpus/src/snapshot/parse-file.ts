import { statSync } from 'node:fs';
import type { Logger } from 'pino';
import { joinUnder } from '../files/plain-path.js';
import { normalizeBridge } from '../readers/bridge-reader.js';
import { normalizeGi } from '../readers/gi-reader.js';
import { normalizeKg } from '../readers/kg-reader.js';
import { readCorpusObject } from '../readers/lenient-parse.js';
import { type ArtifactKind, pickEpisodeMetadata } from '../readers/metadata.js';
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
}

const NORMALIZERS: Readonly<Record<ArtifactKind, (raw: Record<string, unknown>) => object>> = {
  gi: normalizeGi,
  kg: normalizeKg,
  bridge: normalizeBridge,
};

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
    return { mtimeMs, size, value: null };
  }
  if (kind === 'metadata') {
    return { mtimeMs, size, value: pickEpisodeMetadata(record) };
  }
  try {
    return { mtimeMs, size, value: NORMALIZERS[kind](record) };
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
