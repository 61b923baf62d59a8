import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openIngestLock } from '@podcast/corpus-index';
import { indexPathsOf, readIndexMeta } from '@podcast/search';
import request from 'supertest';
import { loadViewerConfig } from '../src/env.js';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { copySampleCorpus, waitForRebuild } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-catalog-build-tests';
const SHIFT_WORK =
  'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/0004 - Shift Work, Explained_fb801546.metadata.json';

/**
 * The search index build lists its episodes from the corpus index when the
 * index serves the corpus: it builds what the catalog holds, which the
 * index's ingest keeps in step with the files (here held back on purpose).
 */
describe('POST /api/index/rebuild over the corpus index', () => {
  let corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
  let viewer: ViewerTestApp;
  beforeAll(async () => {
    corpus = await copySampleCorpus();
    viewer = buildViewerTestApp({
      corpusDir: corpus.root,
      operatorToken: TOKEN,
      // The index sees a change only when the test ingests it.
      corpusIndex: { watch: false, rescanMs: 3_600_000, watchedRescanMs: 3_600_000 },
    });
  });
  afterAll(async () => {
    await viewer.close();
    await corpus.remove();
  });

  async function rebuilt() {
    const res = await request(viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(202);
    await waitForRebuild(viewer.app, corpus.root);
    return readIndexMeta(indexPathsOf(corpus.root).meta);
  }

  it('builds the episodes the catalog lists, and drops one once the index has', async () => {
    expect((await request(viewer.app).get('/api/corpus/episodes')).status).toBe(200);
    expect((await rebuilt())?.episodes_indexed).toBe(24);
    await rm(path.join(corpus.root, SHIFT_WORK));
    // Not yet ingested: the catalog still lists the episode, and so does the build.
    expect((await rebuilt())?.episodes_indexed).toBe(24);
    await viewer.refresh();
    expect((await rebuilt())?.episodes_indexed).toBe(23);
    const history = (await request(viewer.app).get('/api/index/timeseries')).body.points;
    expect(history.at(-1)).toMatchObject({ episodes_removed: 1 });
  }, 120_000);
});

describe('the rebuild routes while the corpus index has no catalog yet', () => {
  it('answer 503 with Retry-After and start nothing', async () => {
    const corpus = await copySampleCorpus();
    const dataDir = path.join(path.dirname(corpus.root), 'data');
    const env = { DATA_DIR: dataDir, CORPUS_LOAD_WAIT_MS: '1' };
    const indexFile = loadViewerConfig({ ...env, CORPUS_DIR: corpus.root }).corpusIndexFile;
    mkdirSync(path.dirname(indexFile as string), { recursive: true });
    // Another process's lock, held and renewed: this viewer never builds the index.
    const lock = openIngestLock(`${indexFile}.lock`, 60_000);
    expect(lock.tryAcquire(Date.now())).toBe(true);
    const viewer = buildViewerTestApp({
      corpusDir: corpus.root,
      operatorToken: TOKEN,
      env,
      corpusIndex: { heartbeatMs: 100 },
    });
    try {
      for (const url of ['/api/index/rebuild', '/api/corpus/topic-clusters/rebuild']) {
        const res = await request(viewer.app).post(url).set('authorization', `Bearer ${TOKEN}`);
        expect({ url, status: res.status, retryAfter: res.headers['retry-after'] }).toEqual({
          url,
          status: 503,
          retryAfter: '5',
        });
        expect(res.body).toMatchObject({ loading: true });
      }
      expect(await viewer.ctx.search?.isRebuilding(corpus.root)).toBe(false);
      expect(await readIndexMeta(indexPathsOf(corpus.root).meta)).toBeUndefined();
    } finally {
      lock.close();
      await viewer.close();
      await corpus.remove();
    }
  });
});
