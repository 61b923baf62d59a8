import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CorpusSnapshot } from '@podcast/corpus';
import { generateCorpus } from '@podcast/corpus-generator';
import { openIngestLock } from '@podcast/corpus-index';
import {
  ANSWER_CORPUS,
  createScratch,
  SAMPLE_CORPUS_DIR,
  type TestDatabase,
} from '@podcast/testing';
import {
  expectSameAnswers,
  type IndexEnv,
  indexEnvFor,
  itAnswers503UntilBuilt,
} from '@podcast/testing/index-suite';
import { loadConsumerConfig } from '../src/env.js';
import { buildTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';

/*
 * CORPUS_INDEX=sqlite and CORPUS_INDEX_URL: the catalog routes the index
 * answers give, over the same corpus, exactly the answers of the
 * projection (the default), from an SQLite file and from PostgreSQL.
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
    '/api/app/podcasts',
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

async function indexedApp(root: string, env: IndexEnv): Promise<TestApp> {
  const app = await buildTestApp({ env: { CORPUS_DIR: root, ...env } });
  await app.ctx.corpusIndex?.ingestNow();
  return app;
}

describe.each([
  ['the sample corpus', () => SAMPLE_CORPUS_DIR],
  ['a generated corpus of 1,000 episodes', () => path.join(scratch.dir, 'generated')],
  ['an empty corpus', () => path.join(scratch.dir, 'empty')],
])('catalog routes on the corpus index over %s', (name, rootOf) => {
  let projection: TestApp;
  let snapshot: CorpusSnapshot;

  beforeAll(async () => {
    if (name.startsWith('a generated')) {
      await generateCorpus({ ...ANSWER_CORPUS, out: rootOf() });
    }
    mkdirSync(rootOf(), { recursive: true });
    projection = await buildTestApp({ env: { CORPUS_DIR: rootOf() } });
    snapshot = await servedSnapshot(projection);
  }, 120_000);
  afterAll(async () => {
    await projection?.close();
  });

  describe.each(['sqlite', 'postgres'] as const)('in %s', (dialect) => {
    let indexed: TestApp;
    let database: TestDatabase | undefined;

    beforeAll(async () => {
      let env: IndexEnv;
      ({ env, database } = await indexEnvFor(
        dialect,
        path.join(scratch.dir, `data-${name.length}`),
      ));
      indexed = await indexedApp(rootOf(), env);
    }, 120_000);
    afterAll(async () => {
      await indexed?.close();
      await database?.close();
    });

    it('keeps the projection by default and opens the index when asked', () => {
      expect(projection.ctx.corpusIndex).toBeUndefined();
      expect(indexed.ctx.corpusIndex?.isIngester()).toBe(true);
      const { corpusIndexFile, corpusIndexUrl } = indexed.ctx.config;
      if (database === undefined) {
        expect(corpusIndexFile?.startsWith(scratch.dir)).toBe(true);
        expect(corpusIndexUrl).toBeUndefined();
      } else {
        expect(corpusIndexUrl).toBe(database.url);
        expect(corpusIndexFile).toBeUndefined();
      }
    });

    it('answers every catalog request exactly as the projection does', async () => {
      const statuses = await expectSameAnswers(projection, indexed, catalogRequests(snapshot));
      expect(statuses).toEqual([200, 400, 404]);
    });
  });
});

describe('catalog routes while the index is not built yet', () => {
  itAnswers503UntilBuilt({
    dataDir: path.join(scratch.dir, 'data-held'),
    indexFileOf: (env) => loadConsumerConfig(env).corpusIndexFile,
    openLock: openIngestLock,
    start: (env, corpusIndex) => buildTestApp({ env, corpusIndex }),
    url: '/api/app/episodes',
    served: (body) => expect(body.total).toBe(24),
  });
});
