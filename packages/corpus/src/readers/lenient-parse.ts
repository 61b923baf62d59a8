import { statSync } from 'node:fs';
import type { Logger } from 'pino';
import { parse as parseYaml } from 'yaml';
import { readRegularFileSync } from '../files/open-file.js';
import { isMissingFileError } from '../roots/missing-file.js';
import { asRecord, type UnknownRecord } from './lenient-values.js';

/** Why a corpus file could not be used; the loader logs it and skips the file. */
export class UnreadableCorpusFile extends Error {}

/**
 * A file that ends before its document does: empty, or a parse that failed
 * at its very end. That is what a write in progress, or one that crashed,
 * leaves; a complete file that is wrong fails earlier.
 */
export class CutShortCorpusFile extends UnreadableCorpusFile {}

/**
 * Where a parse error stopped, when the parser says: V8 names the position
 * in JSON.parse's message ("… in JSON at position 7", or "Unexpected end of
 * JSON input"), the yaml package gives `pos`. Undefined when neither does
 * (another engine's wording): the file then counts as unreadable, not cut short.
 */
function errorOffset(err: unknown, length: number): number | undefined {
  const yamlPos = (err as { pos?: unknown }).pos;
  if (Array.isArray(yamlPos) && typeof yamlPos[0] === 'number') {
    return yamlPos[0];
  }
  const message = (err as Error).message ?? '';
  if (message.includes('Unexpected end of JSON input')) {
    return length;
  }
  const at = / at position (\d+)/.exec(message);
  return at === null ? undefined : Number(at[1]);
}

function isYamlName(fileName: string): boolean {
  return fileName.endsWith('.yaml') || fileName.endsWith('.yml');
}

/**
 * Parses a JSON or YAML document (by file name) that must be an object.
 * Empty, truncated and non-object documents throw UnreadableCorpusFile;
 * empty and truncated ones its CutShortCorpusFile.
 */
export function parseCorpusObject(text: string, fileName: string): UnknownRecord {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') {
    throw new CutShortCorpusFile('file is empty');
  }
  let parsed: unknown;
  try {
    parsed = isYamlName(fileName) ? parseYaml(body) : JSON.parse(body);
  } catch (err) {
    const offset = errorOffset(err, body.length);
    const Failure =
      offset !== undefined && offset >= body.length ? CutShortCorpusFile : UnreadableCorpusFile;
    throw new Failure((err as Error).message);
  }
  const record = asRecord(parsed);
  if (record === undefined) {
    throw new UnreadableCorpusFile('top level is not an object');
  }
  return record;
}

export interface FileText {
  text: string;
  mtimeMs: number;
  size: number;
}

/**
 * Reads a file and its (mtime, size) from one descriptor, synchronously.
 * Callers interleave these reads with `yieldIfDue` (time-slicer.ts) so the
 * event loop never waits more than a slice. Several times faster than
 * callback reads or `fs/promises.readFile`, whose thread-pool round trips
 * (open, fstat, read, close) dominated the load (docs/decisions/corpus.md).
 */
export function readTextWithStat(file: string): FileText {
  // Non-blocking open and a regular-file check: a FIFO named like a corpus
  // file would otherwise block the event loop for good.
  return readRegularFileSync(file);
}

/** A read corpus file: its stat, and the parsed object or undefined when unusable. */
export interface CorpusRead {
  mtimeMs: number;
  size: number;
  record: UnknownRecord | undefined;
  /** Unusable because it ends before its document does (`CutShortCorpusFile`). */
  cutShort: boolean;
}

/**
 * Reads and parses one corpus file. A corrupt, empty, half-written or
 * non-object file yields `record: undefined` after one warning, so one bad
 * file never stops the rest of the corpus from loading. Undefined when the
 * file vanished before it could be read.
 */
export function readCorpusObject(file: string, logger: Logger): CorpusRead | undefined {
  let loaded: FileText;
  try {
    loaded = readTextWithStat(file);
  } catch (err) {
    if (isMissingFileError(err)) {
      return undefined;
    }
    logger.warn({ file, err: (err as Error).message }, 'skipping unreadable corpus file');
    const info = statSync(file, { throwIfNoEntry: false });
    return info && { mtimeMs: info.mtimeMs, size: info.size, record: undefined, cutShort: false };
  }
  try {
    return {
      mtimeMs: loaded.mtimeMs,
      size: loaded.size,
      record: parseCorpusObject(loaded.text, file),
      cutShort: false,
    };
  } catch (err) {
    logger.warn({ file, err: (err as Error).message }, 'skipping unreadable corpus file');
    const { mtimeMs, size } = loaded;
    return { mtimeMs, size, record: undefined, cutShort: err instanceof CutShortCorpusFile };
  }
}
