import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copySampleCorpus, holdFirstLoads, type SampleCorpusCopy } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

/*
 * A request never hangs on a corpus that is still loading: past
 * CORPUS_LOAD_WAIT_MS it gets a 503 with Retry-After while the load goes
 * on, and the same request answers once the load is done. 1 ms is shorter
 * than any load of the sample corpus (dozens of files read and parsed).
 * The projection's first load; the index's first build is checked in
 * corpus-episodes-index.test.ts.
 */

let copy: SampleCorpusCopy;
let viewer: ViewerTestApp;

beforeAll(() => {
  copy = copySampleCorpus('viewer-loading');
  viewer = buildViewerTestApp({
    corpusDir: copy.corpusDir,
    env: { CORPUS_LOAD_WAIT_MS: '1', CORPUS_INDEX: 'projection' },
  });
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

/*
 * A first load with many layers to read serves its episodes first
 * (`layersLaterMin`; 1 here so the sample corpus qualifies), held between
 * its two reads by `beforeLayers` so nothing depends on timing.
 */
describe('a corpus route while the first load reads the layers', () => {
  const TOKEN = 'operator-token-for-loading-tests';
  const held = holdFirstLoads();
  let layersCopy: SampleCorpusCopy;
  let viewerHeld: ViewerTestApp;

  beforeAll(() => {
    layersCopy = copySampleCorpus('viewer-layers-loading');
    viewerHeld = buildViewerTestApp({
      corpusDir: layersCopy.corpusDir,
      operatorToken: TOKEN,
      env: { CORPUS_LOAD_WAIT_MS: '60000', CORPUS_INDEX: 'projection' },
      corpus: { layersLaterMin: 1, beforeLayers: held.beforeLayers },
    });
  });

  afterAll(async () => {
    held.release();
    try {
      await viewerHeld.close();
    } finally {
      layersCopy.remove();
    }
  });

  const debug = async () =>
    (await request(viewerHeld.app).get('/api/debug/corpus').set('authorization', `Bearer ${TOKEN}`))
      .body.roots[0];

  it('answers from the episodes, turns layer routes and rollbacks away, then serves all', async () => {
    const loaded = viewerHeld.corpus.warm(layersCopy.corpusDir);
    await held.reached;
    const list = await request(viewerHeld.app).get('/api/corpus/episodes?limit=3');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(await debug()).toMatchObject({ layers_loading: true, episodes: expect.any(Number) });

    for (const url of [
      '/api/topics/perspective-leaders',
      '/api/corpus/episodes?topic_q=sleep',
      `/api/artifacts?path=${encodeURIComponent(layersCopy.corpusDir)}`,
    ]) {
      const res = await request(viewerHeld.app).get(url);
      expect({ url, status: res.status, retry: res.headers['retry-after'] }).toEqual({
        url,
        status: 503,
        retry: '5',
      });
      expect(res.body).toMatchObject({ loading: true, episodes_ready: true, retry_after_s: 5 });
    }
    const [episode] = list.body.items as Array<{ episode_id: string }>;
    const rollback = await request(viewerHeld.app)
      .delete(`/api/corpus/episodes/${encodeURIComponent(episode?.episode_id ?? '')}`)
      .query({ dry_run: 'true' })
      .set('authorization', `Bearer ${TOKEN}`);
    expect(rollback.status).toBe(503);
    expect(rollback.body).toMatchObject({ episodes_ready: true });

    held.release();
    await loaded;
    expect((await request(viewerHeld.app).get('/api/topics/perspective-leaders')).status).toBe(200);
    expect(await debug()).toMatchObject({ layers_loading: false });
    const again = await request(viewerHeld.app).get('/api/corpus/episodes?limit=3');
    expect(again.body).toEqual(list.body);
  });
});
