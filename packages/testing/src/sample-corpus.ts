import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
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
