import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SAMPLE = fileURLToPath(new URL('../../../corpus/sample', import.meta.url));

/** A private copy of the sample corpus (tests write search/ into it). */
export async function copySampleCorpus(): Promise<{ root: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'search-corpus-'));
  const root = path.join(dir, 'sample');
  await cp(SAMPLE, root, { recursive: true, preserveTimestamps: true });
  return { root, remove: () => rm(dir, { recursive: true, force: true }) };
}
