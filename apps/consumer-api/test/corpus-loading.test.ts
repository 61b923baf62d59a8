import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

/*
 * The app's catalog never hangs on a corpus that is still loading: past
 * CORPUS_LOAD_WAIT_MS a 503 with Retry-After, the catalog once loaded.
 * Routes of the user's own state that need no corpus keep answering.
 * The projection's first load; the index's first build is checked in
 * catalog-index.test.ts.
 */

let copy: SampleCorpusCopy;
let t: TestApp;

beforeAll(async () => {
  copy = copySampleCorpus('consumer-loading');
  t = await buildTestApp({
    env: { CORPUS_DIR: copy.corpusDir, CORPUS_LOAD_WAIT_MS: '1', CORPUS_INDEX: 'projection' },
  });
});

afterAll(async () => {
  try {
    await t.close();
  } finally {
    copy.remove();
  }
});

describe('the app catalog during the first load', () => {
  it('answers 503 with Retry-After, then the catalog once the corpus has loaded', async () => {
    const early = await request(t.app).get('/api/app/episodes');
    expect(early.status).toBe(503);
    expect(early.headers['retry-after']).toBe('5');
    expect(early.body).toMatchObject({ loading: true, retry_after_s: 5 });
    const me = await request(t.app).get('/api/app/me');
    expect(me.status).toBe(200);
    await t.ctx.corpus.warm(copy.corpusDir);
    const later = await request(t.app).get('/api/app/episodes');
    expect(later.status).toBe(200);
    expect(later.body.items.length).toBeGreaterThan(0);
  });
});
