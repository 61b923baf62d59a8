import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SAMPLE_CORPUS_DIR } from '@podcast/testing';
import type { TestApp } from './build-test-app.js';

/** A private copy of the sample corpus (tests write its search index), at `root`. */
export async function sampleCopy(
  label: string,
): Promise<{ root: string; remove(): Promise<void> }> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), `${label}-`)));
  const root = path.join(dir, 'sample');
  await cp(SAMPLE_CORPUS_DIR, root, { recursive: true, preserveTimestamps: true });
  return { root, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Builds the search index of the app's corpus and waits for it. */
export async function indexServedCorpus(t: TestApp): Promise<void> {
  const start = await t.ctx.search.rebuild(t.ctx.config.corpusDir, false);
  if (start.status === 'started') {
    await start.finished;
  }
}
