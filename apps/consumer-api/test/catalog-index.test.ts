import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CorpusSnapshot } from '@podcast/corpus';
import { generateCorpus } from '@podcast/corpus-generator';
import { openIngestLock } from '@podcast/corpus-index';
import { ANSWER_CORPUS, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { loadConsumerConfig } from '../src/env.js';
import { buildTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';

/*
 * CORPUS_INDEX=sqlite: the catalog routes the index answers give, over the
 * same corpus, exactly the answers of the projection (the default).
 */

const scratch = createScratch('consumer-catalog-index');
afterAll(() => scratch.remove());

const q = encodeURIComponent;

function catalogRequests(snapshot: CorpusSnapshot): string[] {
  const list = snapshot.episodes;
  const picked = [list[0], list[1], list[Math.floor(list.length / 2)], list.at(-1)];
  picked.push(list.find((episode) => !episode.has_gi));
  const feeds = [snapshot.feeds[0], snapshot.feeds.at(-1)];
  return [
    '/api/app/episodes',
    '/api/app/episodes?page=2&page_size=7',
    '/api/app/episodes?page=3&page_size=50',
    '/api/app/episodes?page=999&page_size=10',
    '/api/app/episodes?status=ready&page_size=100',
    '/api/app/episodes?status=partial',
    '/api/app/episodes?status=pending&page=2&page_size=5',
    '/api/app/episodes?feed_id=no-such-feed',
    '/api/app/episodes?page_size=0',
    '/api/app/episodes?status=finished',
    '/api/app/podcasts/no-such-feed/episodes',
    ...feeds.flatMap((feed) => {
      const id = q(feed?.feed_id ?? '');
      return [
        `/api/app/podcasts/${id}/episodes`,
        `/api/app/podcasts/${id}/episodes?page=2&page_size=3&status=ready`,
        `/api/app/episodes?feed_id=${id}&status=pending`,
      ];
    }),
    '/api/app/episodes/no-such-slug',
    '/api/app/episodes/no-such-slug/insights',
    ...[...new Set(picked)].flatMap((episode) =>
      episode
        ? [`/api/app/episodes/${q(episode.slug)}`, `/api/app/episodes/${q(episode.slug)}/insights`]
        : [],
    ),
  ];
}

/** Status, type and body, with the request id (which differs per request) left out. */
async function answerOf(app: TestApp, url: string) {
  const res = await request(app.app).get(url);
  const { request_id: _requestId, ...body } = res.body as Record<string, unknown>;
  return { url, status: res.status, type: res.type, body };
}

async function indexedApp(root: string, data: string): Promise<TestApp> {
  const app = await buildTestApp({
    env: { CORPUS_DIR: root, CORPUS_INDEX: 'sqlite', DATA_DIR: data },
  });
  await app.ctx.corpusIndex?.ingestNow();
  return app;
}

describe.each([
  ['the sample corpus', () => SAMPLE_CORPUS_DIR],
  ['a generated corpus of 1,000 episodes', () => path.join(scratch.dir, 'generated')],
])('catalog routes with CORPUS_INDEX=sqlite over %s', (name, rootOf) => {
  let projection: TestApp;
  let indexed: TestApp;
  let snapshot: CorpusSnapshot;

  beforeAll(async () => {
    if (rootOf() !== SAMPLE_CORPUS_DIR) {
      await generateCorpus({ ...ANSWER_CORPUS, out: rootOf() });
    }
    projection = await buildTestApp({ env: { CORPUS_DIR: rootOf() } });
    snapshot = await servedSnapshot(projection);
    indexed = await indexedApp(rootOf(), path.join(scratch.dir, `data-${name.length}`));
  }, 120_000);
  afterAll(async () => {
    await projection?.close();
    await indexed?.close();
  });

  it('keeps the projection by default and opens the index when asked', () => {
    expect(projection.ctx.corpusIndex).toBeUndefined();
    expect(indexed.ctx.corpusIndex?.isIngester()).toBe(true);
    expect(indexed.ctx.config.corpusIndexFile?.startsWith(scratch.dir)).toBe(true);
  });

  it('answers every catalog request exactly as the projection does', async () => {
    const statuses = new Set<number>();
    for (const url of catalogRequests(snapshot)) {
      const expected = await answerOf(projection, url);
      expect(await answerOf(indexed, url)).toEqual(expected);
      statuses.add(expected.status);
    }
    expect([...statuses].sort()).toEqual([200, 400, 404]);
  });
});

describe('catalog routes while the index is not built yet', () => {
  it('answer 503 with Retry-After, then serve once the lock is free and the build is done', async () => {
    const data = path.join(scratch.dir, 'data-held');
    const env = { CORPUS_DIR: SAMPLE_CORPUS_DIR, CORPUS_INDEX: 'sqlite', DATA_DIR: data };
    const file = loadConsumerConfig(env).corpusIndexFile as string;
    mkdirSync(path.dirname(file), { recursive: true });
    // Another process's lock, as far as the app can tell: it is held and renewed.
    const lock = openIngestLock(`${file}.lock`, 60_000);
    expect(lock.tryAcquire(Date.now())).toBe(true);
    const app = await buildTestApp({ env, corpusIndex: { heartbeatMs: 100 } });
    try {
      const early = await request(app.app).get('/api/app/episodes');
      expect(early.status).toBe(503);
      expect(early.headers['retry-after']).toBe('5');
      expect(app.ctx.corpusIndex?.isIngester()).toBe(false);

      lock.release();
      const deadline = Date.now() + 10_000;
      while (app.ctx.corpusIndex?.view() === undefined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const served = await request(app.app).get('/api/app/episodes');
      expect(served.status).toBe(200);
      expect(served.body.total).toBe(24);
    } finally {
      lock.close();
      await app.close();
    }
  });
});
