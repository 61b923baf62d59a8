import { parseCorpusObject, UnreadableCorpusFile } from '../readers/lenient-parse.js';
import type { UnknownRecord } from '../readers/lenient-values.js';
import { createDerivedValues, type DerivedValues } from './derived-values.js';

/** A parsed side file; `derived` holds indexes built from it, dropped with the cache entry. */
export type ParsedSideFile =
  | { ok: true; record: UnknownRecord; derived: DerivedValues }
  | { ok: false; reason: string };

// One parse per file version: routes stat the file on every request (a
// rebuild may replace it at any time) but re-read it only when it changed.
export function parseSideFile(text: string): ParsedSideFile {
  try {
    return {
      ok: true,
      record: parseCorpusObject(text, 'side file'),
      derived: createDerivedValues(),
    };
  } catch (err) {
    if (err instanceof UnreadableCorpusFile) {
      return { ok: false, reason: err.message };
    }
    throw err;
  }
}
