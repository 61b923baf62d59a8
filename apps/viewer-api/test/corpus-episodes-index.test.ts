import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openIngestLock } from '@podcast/corpus-index';
import {
  createScratch,
  createTestDatabase,
  SAMPLE_CORPUS_DIR,
  type TestDatabase,
} from '@podcast/testing';
import request from 'supertest';
import { loadViewerConfig } from '../src/env.js';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

/*
 * CORPUS_INDEX=sqlite and CORPUS_INDEX_URL: the viewer's corpus episode
 * routes give, over the same corpus, exactly the answers of the projection
 * (the default), from an SQLite file and from PostgreSQL.
 */

const scratch = createScratch('viewer-episodes-index');
afterAll(() => scratch.remove());

const q = encodeURIComponent;

/** Status, type and body, with the request id (which differs per request) left out. */
async function answerOf(app: ViewerTestApp, url: string) {
  const res = await request(app.app).get(url);
  const { request_id: _requestId, ...body } = res.body as Record<string, unknown>;
  return { url, status: res.status, type: res.type, body };
}

/** Every page of a list request, following next_cursor as a client does. */
async function walk(app: ViewerTestApp, url: string) {
  const pages = [];
  let next: string | null = null;
  do {
    const page = await answerOf(app, next === null ? url : `${url}&cursor=${q(next)}`);
    pages.push(page);
    next = page.status === 200 ? ((page.body.next_cursor as string | null) ?? null) : null;
  } while (next !== null);
  return pages;
}

type IndexEnv = { CORPUS_INDEX: 'sqlite'; DATA_DIR: string } | { CORPUS_INDEX_URL: string };

describe.each(['sqlite', 'postgres'] as const)(
  'corpus episode routes on the index in %s',
  (dialect) => {
    let projection: ViewerTestApp;
    let indexed: ViewerTestApp;
    let database: TestDatabase | undefined;

    beforeAll(async () => {
      if (dialect === 'postgres') {
        database = await createTestDatabase(undefined, { icuLocale: 'en-US' });
      }
      const env: IndexEnv =
        database === undefined
          ? { CORPUS_INDEX: 'sqlite', DATA_DIR: path.join(scratch.dir, 'data') }
          : { CORPUS_INDEX_URL: database.url };
      projection = buildViewerTestApp();
      indexed = buildViewerTestApp({ env });
      await indexed.ctx.corpusIndex?.ingestNow();
    }, 120_000);
    afterAll(async () => {
      await projection?.close();
      await indexed?.close();
      await database?.close();
    });

    it('keeps the projection by default and opens the index when asked', () => {
      expect(projection.ctx.corpusIndex).toBeUndefined();
      expect(indexed.ctx.corpusIndex?.isIngester()).toBe(true);
      expect(indexed.ctx.corpusIndex?.view()).toBeDefined();
    });

    it('pages every list request exactly as the projection does', async () => {
      const first = await answerOf(projection, '/api/corpus/episodes?limit=200');
      const items = first.body.items as Array<{ feed_id: string; publish_date: string | null }>;
      const feeds = [...new Set(items.map((item) => item.feed_id))];
      const dates = items.map((item) => item.publish_date).filter((d) => d !== null);
      const since = dates[Math.floor(dates.length / 2)] as string;
      const lists = [
        '/api/corpus/episodes?limit=200',
        '/api/corpus/episodes?limit=1',
        '/api/corpus/episodes?limit=7',
        `/api/corpus/episodes?limit=5&since=${since}`,
        '/api/corpus/episodes?limit=5&since=2999-01-01',
        '/api/corpus/episodes?limit=5&feed_id=no-such-feed',
        ...feeds.slice(0, 3).map((feed) => `/api/corpus/episodes?limit=2&feed_id=${q(feed)}`),
        `/api/corpus/episodes?limit=3&feed_id=${q(feeds[0] ?? '')}&since=${since}`,
        // Search filters stay on the projection; the answers must still agree.
        '/api/corpus/episodes?limit=3&q=the',
        '/api/corpus/episodes?limit=0',
        '/api/corpus/episodes?since=yesterday',
        '/api/corpus/episodes?cursor=not-a-cursor',
        `/api/corpus/episodes?path=${q(SAMPLE_CORPUS_DIR)}&limit=4`,
      ];
      const statuses = new Set<number>();
      let pages = 0;
      for (const url of lists) {
        const expected = await walk(projection, url);
        expect(await walk(indexed, url)).toEqual(expected);
        pages += expected.length;
        for (const page of expected) {
          statuses.add(page.status);
        }
      }
      expect(pages).toBeGreaterThan(lists.length);
      expect([...statuses].sort()).toEqual([200, 400]);
    });

    it('answers the episode detail exactly as the projection does', async () => {
      const list = await answerOf(projection, '/api/corpus/episodes?limit=200');
      const relpaths = (list.body.items as Array<{ metadata_relpath: string }>).map(
        (item) => item.metadata_relpath,
      );
      const urls = [
        ...relpaths.slice(0, 3).map((r) => `/api/corpus/episodes/detail?metadata_relpath=${q(r)}`),
        '/api/corpus/episodes/detail?metadata_relpath=no/such/metadata.json',
        '/api/corpus/episodes/detail?metadata_relpath=../escape.json',
      ];
      const statuses = new Set<number>();
      for (const url of urls) {
        const expected = await answerOf(projection, url);
        expect(await answerOf(indexed, url)).toEqual(expected);
        statuses.add(expected.status);
      }
      expect([...statuses].sort()).toEqual([200, 400, 404]);
    });
  },
);

describe('corpus episode list while the index is not built yet', () => {
  it('answers 503 with Retry-After, then serves once the lock is free and the build is done', async () => {
    const data = path.join(scratch.dir, 'data-held');
    const env = { CORPUS_DIR: SAMPLE_CORPUS_DIR, CORPUS_INDEX: 'sqlite', DATA_DIR: data };
    const file = loadViewerConfig(env).corpusIndexFile as string;
    mkdirSync(path.dirname(file), { recursive: true });
    // Another process's lock, as far as the app can tell: it is held and renewed.
    const lock = openIngestLock(`${file}.lock`, 60_000);
    expect(lock.tryAcquire(Date.now())).toBe(true);
    const app = buildViewerTestApp({ env, corpusIndex: { heartbeatMs: 100 } });
    try {
      const early = await request(app.app).get('/api/corpus/episodes');
      expect(early.status).toBe(503);
      expect(early.headers['retry-after']).toBe('5');
      expect(app.ctx.corpusIndex?.isIngester()).toBe(false);

      lock.release();
      const deadline = Date.now() + 10_000;
      while (app.ctx.corpusIndex?.view() === undefined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const served = await request(app.app).get('/api/corpus/episodes?limit=200');
      expect(served.status).toBe(200);
      expect(served.body.items).toHaveLength(24);
    } finally {
      lock.close();
      await app.close();
    }
  });
});
