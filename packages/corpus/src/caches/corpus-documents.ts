import { DomainError, NotFound } from '@podcast/contracts';
import { asRecord, type UnknownRecord } from '../readers/lenient-values.js';
import { resolveInsideRoot } from '../roots/corpus-roots.js';
import type { CorpusPlace } from './corpus-caches.js';
import type { CachedFile, JsonText } from './file-cache.js';

/** A parsed JSON file, cached by (mtime, size); undefined when it does not exist. */
export function readJsonCached(
  place: CorpusPlace,
  file: string,
): Promise<CachedFile<JsonText> | undefined> {
  return place.caches.documents.read(file);
}

/**
 * A JSON object stored in the corpus, for display. Missing is a 404; a file
 * that is not a JSON object is a 422 saying why, so an operator can fix it.
 */
export async function readJsonObject(
  place: CorpusPlace,
  file: string,
  label: string,
  extra: Record<string, unknown> = {},
): Promise<UnknownRecord> {
  const read = await readJsonCached(place, file);
  if (read === undefined) {
    throw new NotFound(`${label} does not exist in this corpus`, extra);
  }
  if (!read.value.ok) {
    throw new DomainError('unprocessable', `${label} is not valid JSON (${read.value.reason})`);
  }
  const document = asRecord(read.value.value);
  if (document === undefined) {
    throw new DomainError('unprocessable', `${label} is not a JSON object`);
  }
  return document;
}

/**
 * The real path of `relpath` under `root`. A symlink that leads out of the
 * root is a 403 like any other escape, so a planted link never serves a
 * file from elsewhere; a missing file is a 404 with `missing` as detail.
 */
export async function resolveRootFile(
  root: string,
  relpath: string,
  missing = `${relpath} does not exist in this corpus`,
): Promise<string> {
  try {
    return await resolveInsideRoot(root, relpath, relpath);
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'not_found') {
      throw new NotFound(missing);
    }
    throw err;
  }
}

/** A JSON object at `relpath` inside the corpus root (see resolveRootFile and readJsonObject). */
export async function readRootJsonObject(
  place: CorpusPlace,
  relpath: string,
  missing?: string,
): Promise<UnknownRecord> {
  return readJsonObject(place, await resolveRootFile(place.root, relpath, missing), relpath);
}

export type CorpusDocumentName = 'corpus_manifest.json' | 'corpus_run_summary.json';

/** `corpus_manifest.json` or `corpus_run_summary.json` at the corpus root, as stored. */
export function readCorpusDocument(
  place: CorpusPlace,
  name: CorpusDocumentName,
): Promise<UnknownRecord> {
  return readRootJsonObject(place, name);
}
