import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { copySampleCorpus, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

const TOKEN = 'debug-route-operator-token';
const viewer = buildViewerTestApp({ operatorToken: TOKEN });
afterAll(() => viewer.close());

describe('GET /api/debug/corpus', () => {
  it('reports CPU time and each loaded root to the operator', async () => {
    await viewer.corpus.get(SAMPLE_CORPUS_DIR);
    const res = await request(viewer.app)
      .get('/api/debug/corpus')
      .set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.body.process.cpu_user_us).toBeGreaterThan(0);
    const [root] = res.body.roots;
    expect(root.root).toBe(SAMPLE_CORPUS_DIR);
    expect(root.episodes).toBeGreaterThan(0);
    // The test app runs without watchers, so change detection falls back to walks.
    expect(root.watching).toBe(false);
    expect(root.syncs).toBeGreaterThanOrEqual(1);
    // The pool is emptied once the first load is done; the records pool their run paths after it.
    expect(root.pooled_strings).toBeLessThan(root.episodes);
    expect(root.view_of).toBeNull();
  });

  it('shows a folder inside the configured root as a view of it', async () => {
    const feeds = `${SAMPLE_CORPUS_DIR}/feeds`;
    const page = await request(viewer.app).get('/api/corpus/episodes').query({ path: feeds });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeGreaterThan(0);
    const res = await request(viewer.app)
      .get('/api/debug/corpus')
      .set('authorization', `Bearer ${TOKEN}`);
    const folder = res.body.roots.find((root: { root: string }) => root.root === feeds);
    expect(folder).toMatchObject({
      view_of: SAMPLE_CORPUS_DIR,
      episodes: page.body.items.length,
      pooled_strings: 0,
    });
  });

  it('counts the values derived from the current snapshot, kept on it', async () => {
    const debug = () =>
      request(viewer.app).get('/api/debug/corpus').set('authorization', `Bearer ${TOKEN}`);
    const before = (await debug()).body.roots[0].derived_values;
    expect((await request(viewer.app).get('/api/corpus/stats')).status).toBe(200);
    expect((await request(viewer.app).get('/api/corpus/episodes?limit=5')).status).toBe(200);
    const after = (await debug()).body.roots[0].derived_values;
    expect(after).toBeGreaterThanOrEqual(before + 2);
    expect((await request(viewer.app).get('/api/corpus/stats')).status).toBe(200);
    expect((await debug()).body.roots[0].derived_values).toBe(after);
  });

  it('counts a side file read through the registry in its cache', async () => {
    const activity = await request(viewer.app).get('/api/corpus/query-activity?days=3');
    expect(activity.status).toBe(200);
    const res = await request(viewer.app)
      .get('/api/debug/corpus')
      .set('authorization', `Bearer ${TOKEN}`);
    const names = res.body.caches.map((cache: { name: string }) => cache.name);
    expect(names).toEqual(
      expect.arrayContaining(['side_files', 'segments', 'documents', 'query_logs', 'run_files']),
    );
    const logs = res.body.caches.find((cache: { name: string }) => cache.name === 'query_logs');
    expect(logs.misses + logs.hits).toBeGreaterThanOrEqual(1);
    expect(logs.max_entries).toBeGreaterThan(0);
  });

  it('reports no projection while CORPUS_CACHE_DIR is off, and its counters when on', async () => {
    const off = await request(viewer.app)
      .get('/api/debug/corpus')
      .set('authorization', `Bearer ${TOKEN}`);
    expect(off.body.projection).toBeNull();
    const copy = copySampleCorpus('debug-projection');
    const cached = buildViewerTestApp({
      corpusDir: copy.corpusDir,
      operatorToken: TOKEN,
      env: { CORPUS_CACHE_DIR: join(copy.dir, 'cache') },
    });
    try {
      await cached.corpus.get(copy.corpusDir);
      await cached.corpus.persist(copy.corpusDir);
      const on = await request(cached.app)
        .get('/api/debug/corpus')
        .set('authorization', `Bearer ${TOKEN}`);
      expect(on.status).toBe(200);
      expect(on.body.projection).toMatchObject({
        dir: join(copy.dir, 'cache'),
        hits: 0,
        misses: 1,
        saves: 1,
        last_error: null,
      });
      expect(on.body.projection.last_save_bytes).toBeGreaterThan(0);
    } finally {
      await cached.close();
      copy.remove();
    }
  });

  it('refuses a caller without the operator token', async () => {
    const res = await request(viewer.app).get('/api/debug/corpus');
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/operator credential/);
  });

  it('refuses a wrong operator token', async () => {
    const res = await request(viewer.app)
      .get('/api/debug/corpus')
      .set('authorization', 'Bearer not-the-operator-token');
    expect(res.status).toBe(401);
  });
});
