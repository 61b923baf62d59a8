import {
  cpSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The sample corpus shipped in the repository (corpus/sample); tests read it, never write it. */
export const SAMPLE_CORPUS_DIR = resolve(import.meta.dirname, '../../../corpus/sample');

// Synchronous on purpose: some suites make their scratch folder at module
// level, before any hook runs; the sample is small (well under a second to copy).

export interface Scratch {
  /** A fresh, real (symlink-free) temporary folder. */
  dir: string;
  /** Removes the folder and everything in it. */
  remove(): void;
}

/** A temporary folder named after `label`, for tests that write files. */
export function createScratch(label: string): Scratch {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `${label}-`)));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A full copy of the sample corpus at `target` (created); returns `target`. */
export function copySampleCorpusTo(target: string): string {
  cpSync(SAMPLE_CORPUS_DIR, target, { recursive: true });
  return target;
}

export interface SampleCorpusCopy extends Scratch {
  /** The copy of the sample corpus, `corpus/` inside the scratch folder (siblings may sit beside it). */
  corpusDir: string;
}

/** A writable copy of the sample corpus in a scratch folder; `remove()` deletes both. */
export function copySampleCorpus(label: string): SampleCorpusCopy {
  const scratch = createScratch(label);
  return { ...scratch, corpusDir: copySampleCorpusTo(join(scratch.dir, 'corpus')) };
}

/**
 * Moves every mtime under `dir`, the folder's own included, an hour back
 * with their order kept: out of the loader's racy-write window, so a
 * projection save keeps every file of a corpus just written or copied.
 */
export function ageTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      ageTree(full);
    }
    const seconds = statSync(full).mtimeMs / 1000 - 3600;
    utimesSync(full, seconds, seconds);
  }
  const seconds = statSync(dir).mtimeMs / 1000 - 3600;
  utimesSync(dir, seconds, seconds);
}
