import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInsideDir } from '../corpus-roots.js';
import { parseCorpusObject, UnreadableCorpusFile } from '../lenient-parse.js';
import type { UnknownRecord } from '../lenient-values.js';

/**
 * A corpus-level JSON file outside the snapshot (search/topic_clusters.json,
 * enrichments/*.json): missing, present but unusable, or parsed.
 */
export type SideFile =
  | { state: 'missing' }
  | { state: 'unreadable'; reason: string }
  | { state: 'ok'; record: UnknownRecord; version: string };

interface CacheEntry {
  version: string;
  result: SideFile;
}

// One parse per file version: routes stat the file on every request (a
// rebuild may replace it at any time) but re-read it only when it changed.
const cache = new Map<string, CacheEntry>();
const CACHE_LIMIT = 256;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function parseFile(file: string, version: string): Promise<SideFile> {
  try {
    const record = parseCorpusObject(await readFile(file, 'utf8'), file);
    return { state: 'ok', record, version };
  } catch (err) {
    if (isMissing(err)) {
      return { state: 'missing' };
    }
    if (err instanceof UnreadableCorpusFile) {
      return { state: 'unreadable', reason: err.message };
    }
    throw err;
  }
}

/**
 * Reads `relpath` (a fixed, trusted path) under `root`. A symlink that leads
 * out of the root counts as missing: side files are never read from elsewhere.
 */
export async function readSideFile(root: string, relpath: string): Promise<SideFile> {
  let real: string;
  let version: string;
  try {
    real = await realpath(path.join(root, relpath));
    const info = await stat(real);
    if (!info.isFile()) {
      return { state: 'missing' };
    }
    version = `${info.mtimeMs}:${info.size}:${info.ino}`;
  } catch (err) {
    if (isMissing(err)) {
      return { state: 'missing' };
    }
    throw err;
  }
  if (!isInsideDir(await realpath(root), real)) {
    return { state: 'missing' };
  }
  const cached = cache.get(real);
  if (cached?.version === version) {
    return cached.result;
  }
  const result = await parseFile(real, version);
  if (cache.size >= CACHE_LIMIT) {
    cache.clear();
  }
  cache.set(real, { version, result });
  return result;
}
