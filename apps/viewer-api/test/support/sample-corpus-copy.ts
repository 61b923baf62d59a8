import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { SAMPLE_CORPUS_DIR } from '@podcast/testing';
import type { Express } from 'express';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './build-viewer-test-app.js';

/** A private copy of the sample corpus that a test may write an index (or trash) into. */
export async function copySampleCorpus(): Promise<{ root: string; remove: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), 'viewer-corpus-')));
  const root = path.join(dir, 'sample');
  await cp(SAMPLE_CORPUS_DIR, root, { recursive: true, preserveTimestamps: true });
  return { root, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Polls /api/index/stats until no rebuild runs; returns the last stats body. */
export async function waitForRebuild(app: Express, root: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(app).get('/api/index/stats').query({ path: root });
    if (!res.body.rebuild_in_progress || Date.now() > until) {
      return res.body;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * A viewer over a private sample copy with an operator token, made before the
 * file's tests and removed after them. Read `corpus` and `viewer` inside tests.
 */
export function viewerOverSampleCopy(operatorToken: string) {
  const held = {} as {
    corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
    viewer: ViewerTestApp;
  };
  beforeAll(async () => {
    held.corpus = await copySampleCorpus();
    held.viewer = buildViewerTestApp({ corpusDir: held.corpus.root, operatorToken });
  });
  afterAll(async () => {
    await held.viewer.close();
    await held.corpus.remove();
  });
  return held;
}
