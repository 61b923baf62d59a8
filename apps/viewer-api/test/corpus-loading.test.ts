import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

/*
 * A request never hangs on a corpus that is still loading: past
 * CORPUS_LOAD_WAIT_MS it gets a 503 with Retry-After while the load goes
 * on, and the same request answers once the load is done. 1 ms is shorter
 * than any load of the sample corpus (dozens of files read and parsed).
 */

let copy: SampleCorpusCopy;
let viewer: ViewerTestApp;

beforeAll(() => {
  copy = copySampleCorpus('viewer-loading');
  viewer = buildViewerTestApp({ corpusDir: copy.corpusDir, env: { CORPUS_LOAD_WAIT_MS: '1' } });
});

afterAll(async () => {
  try {
    await viewer.close();
  } finally {
    copy.remove();
  }
});

describe('a corpus route during the first load', () => {
  it('answers 503 with Retry-After, then the corpus once it has loaded', async () => {
    const early = await request(viewer.app).get('/api/corpus/episodes?limit=3');
    expect(early.status).toBe(503);
    expect(early.headers['retry-after']).toBe('5');
    expect(early.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(early.body).toMatchObject({
      status: 503,
      detail: 'the corpus is still loading; retry shortly',
      loading: true,
      retry_after_s: 5,
    });
    // The load went on without the request: waiting for it needs no new load.
    const loaded = await viewer.corpus.warm(copy.corpusDir);
    expect(loaded.stats.filesRead).toBeGreaterThan(0);
    const later = await request(viewer.app).get('/api/corpus/episodes?limit=3');
    expect(later.status).toBe(200);
    expect(later.body.items).toHaveLength(3);
    expect(await viewer.corpus.get(copy.corpusDir)).toBe(loaded);
  });

  it('keeps routes that need no corpus answering while it loads', async () => {
    const health = await request(viewer.app).get('/api/health');
    expect(health.status).toBe(200);
  });
});
