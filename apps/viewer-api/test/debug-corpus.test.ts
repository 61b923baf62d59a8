import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { ageTree, copySampleCorpus, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

const TOKEN = 'debug-route-operator-token';
// The debug route shows the projection's state: every app here serves from it.
const PROJECTION = { CORPUS_INDEX: 'projection' };
const viewer = buildViewerTestApp({ operatorToken: TOKEN, env: PROJECTION });
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
      packed_artifacts: 0,
      packed_bytes: 0,
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
      env: { ...PROJECTION, CORPUS_CACHE_DIR: join(copy.dir, 'cache') },
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
      expect(on.body.roots[0]).toMatchObject({ packed_artifacts: 0, packed_bytes: 0 });
    } finally {
      await cached.close();
      copy.remove();
    }
  });

  it('shows the layers a restart keeps as stored bytes, and that a route reading them builds them', async () => {
    const copy = copySampleCorpus('debug-packed');
    ageTree(copy.corpusDir); // out of the racy-write window, so the save keeps every file
    const options = {
      corpusDir: copy.corpusDir,
      operatorToken: TOKEN,
      env: { ...PROJECTION, CORPUS_CACHE_DIR: join(copy.dir, 'cache') },
    };
    const debugOf = async (app: ReturnType<typeof buildViewerTestApp>['app']) =>
      (await request(app).get('/api/debug/corpus').set('authorization', `Bearer ${TOKEN}`)).body;
    const first = buildViewerTestApp(options);
    let coldStats: unknown;
    try {
      await first.corpus.get(copy.corpusDir);
      coldStats = (await request(first.app).get('/api/corpus/persons/top')).body;
      await first.corpus.persist(copy.corpusDir);
    } finally {
      await first.close();
    }
    const restarted = buildViewerTestApp(options);
    try {
      await restarted.corpus.get(copy.corpusDir);
      const before = await debugOf(restarted.app);
      expect(before.projection).toMatchObject({ hits: 1, misses: 0 });
      expect(before.roots[0].packed_artifacts).toBeGreaterThan(0);
      expect(before.roots[0].packed_bytes).toBeGreaterThan(before.roots[0].packed_artifacts);
      // Top persons read every episode's GI and bridge: what it reads is built, and answers as before.
      const stats = await request(restarted.app).get('/api/corpus/persons/top');
      expect(stats.status).toBe(200);
      expect(stats.body).toEqual(coldStats);
      const after = await debugOf(restarted.app);
      expect(after.roots[0].packed_artifacts).toBeLessThan(before.roots[0].packed_artifacts);
    } finally {
      await restarted.close();
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
