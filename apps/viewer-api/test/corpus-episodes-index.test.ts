import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openIngestLock } from '@podcast/corpus-index';
import { createScratch, SAMPLE_CORPUS_DIR, type TestDatabase } from '@podcast/testing';
import {
  answerOf,
  expectSameAnswers,
  type IndexDialect,
  type IndexEnv,
  indexEnvFor,
  itAnswers503UntilBuilt,
} from '@podcast/testing/index-suite';
import request from 'supertest';
import { loadViewerConfig } from '../src/env.js';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

/*
 * CORPUS_INDEX=sqlite and CORPUS_INDEX_URL: the viewer's corpus routes the
 * index answers (episodes, feeds, top persons, eight graph queries) give, over the same corpus,
 * exactly the answers of the projection (the default), from an SQLite file
 * and from PostgreSQL.
 */

const scratch = createScratch('viewer-episodes-index');
afterAll(() => scratch.remove());

const q = encodeURIComponent;

/** The feed and top person requests: every list, its 400s, and another allowed root. */
const BROWSE_URLS = [
  '/api/corpus/feeds',
  `/api/corpus/feeds?path=${q(SAMPLE_CORPUS_DIR)}`,
  '/api/corpus/feeds?path=/no/such/root',
  '/api/corpus/persons/top',
  '/api/corpus/persons/top?limit=1',
  '/api/corpus/persons/top?limit=3',
  '/api/corpus/persons/top?limit=200',
  '/api/corpus/persons/top?limit=0',
  '/api/corpus/persons/top?limit=many',
  '/api/corpus/persons/top?path=/no/such/root',
];

/** The graph-query requests the index answers, over the topics and persons the projection knows. */
async function graphQueryUrls(app: ViewerTestApp): Promise<string[]> {
  const leaders = await answerOf(app, '/api/topics/perspective-leaders?limit=200');
  const topics = (leaders.body.topics as Array<{ topic_id: string }>).map((t) => t.topic_id);
  const top = await answerOf(app, '/api/corpus/persons/top?limit=200');
  const persons = (top.body.persons as Array<{ person_id: string }>).map((p) => p.person_id);
  const urls = [];
  for (const topic of [...topics, 'no-such-topic']) {
    urls.push(
      `/api/topics/${q(topic)}/persons`,
      `/api/topics/${q(topic)}/timeline`,
      `/api/topics/${q(topic)}/timeline?insight_types=claim,QUESTION`,
      `/api/topics/${q(topic)}/conversation-arc`,
      `/api/topics/${q(topic)}/conversation-arc?insight_types=claim`,
      `/api/topics/${q(topic)}/perspectives`,
      `/api/topics/${q(topic)}/perspectives?scope=show`,
    );
  }
  for (const person of [...persons, 'person:no-such-person']) {
    const topicsOf = await answerOf(app, `/api/persons/${q(person)}/topics`);
    urls.push(`/api/persons/${q(person)}/topics`, `/api/persons/${q(person)}/brief`);
    for (const { topic_id } of topicsOf.body.topics as Array<{ topic_id: string }>) {
      urls.push(
        `/api/persons/${q(person)}/positions?topic=${q(topic_id)}`,
        `/api/persons/${q(person)}/positions?topic=${q(topic_id)}&insight_types=all`,
      );
    }
  }
  const [topic = '', person = ''] = [topics[0], persons[0]];
  const bare = (id: string) => id.slice(id.indexOf(':') + 1);
  urls.push(
    // Bare and prefixed ids, and an unknown topic for a known person.
    `/api/topics/${bare(topic)}/persons`,
    `/api/persons/${bare(person)}/positions?topic=${bare(topic)}&insight_types=*`,
    `/api/persons/${q(person)}/positions?topic=no-such-topic`,
    // 400 naming the field, and 403 outside CORPUS_ROOTS.
    `/api/persons/${q(person)}/positions`,
    `/api/persons/${q(person)}/positions?topic=`,
    `/api/topics/${q(topic)}/persons?path=/no/such/root`,
    `/api/persons/${q(person)}/topics?path=/no/such/root`,
    `/api/topics/${q(topic)}/conversation-arc?path=/no/such/root`,
    '/api/topics/perspective-leaders',
    '/api/topics/perspective-leaders?limit=1',
    '/api/topics/perspective-leaders?limit=200',
    '/api/topics/perspective-leaders?limit=0',
    '/api/topics/perspective-leaders?path=/no/such/root',
    `/api/topics/${q(topic)}/perspectives?scope=episode`,
    `/api/persons/${bare(person)}/brief?path=/no/such/root`,
  );
  return urls;
}

/** Status and body of a POST, with the request id left out. */
async function postOf(app: ViewerTestApp, url: string, body: object) {
  const res = await request(app.app).post(url).send(body);
  const { request_id: _requestId, ...answer } = res.body as Record<string, unknown>;
  return { status: res.status, body: answer };
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

interface AppPair {
  projection: ViewerTestApp;
  indexed: ViewerTestApp;
}

/**
 * The viewer over `corpusDir` on the projection and on the index of
 * `dialect` (its first build done), made before the block's tests and
 * closed after them.
 */
function appsOver(dialect: IndexDialect, corpusDir: string, dataDir: string): AppPair {
  const apps = {} as AppPair;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    mkdirSync(corpusDir, { recursive: true });
    let env: IndexEnv;
    ({ env, database } = await indexEnvFor(dialect, dataDir));
    apps.projection = buildViewerTestApp({ corpusDir });
    apps.indexed = buildViewerTestApp({ corpusDir, env });
    await apps.indexed.ctx.corpusIndex?.ingestNow();
  }, 120_000);
  afterAll(async () => {
    await apps.projection?.close();
    await apps.indexed?.close();
    await database?.close();
  });
  return apps;
}

describe.each(['sqlite', 'postgres'] as const)(
  'corpus episode routes on the index in %s',
  (dialect) => {
    const apps = appsOver(dialect, SAMPLE_CORPUS_DIR, path.join(scratch.dir, 'data'));

    it('keeps the projection by default and opens the index when asked', () => {
      const { projection, indexed } = apps;
      expect(projection.ctx.corpusIndex).toBeUndefined();
      expect(indexed.ctx.corpusIndex?.isIngester()).toBe(true);
      expect(indexed.ctx.corpusIndex?.view()).toBeDefined();
    });

    it('pages every list request exactly as the projection does', async () => {
      const { projection, indexed } = apps;
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
      const { projection, indexed } = apps;
      const list = await answerOf(projection, '/api/corpus/episodes?limit=200');
      const relpaths = (list.body.items as Array<{ metadata_relpath: string }>).map(
        (item) => item.metadata_relpath,
      );
      const urls = [
        ...relpaths.map((r) => `/api/corpus/episodes/detail?metadata_relpath=${q(r)}`),
        '/api/corpus/episodes/detail?metadata_relpath=no/such/metadata.json',
        '/api/corpus/episodes/detail?metadata_relpath=../escape.json',
        `/api/corpus/episodes/detail?metadata_relpath=${q(relpaths[0] ?? '')}&path=/no/such/root`,
      ];
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403, 404]);
    });

    it('answers the feeds and the top persons exactly as the projection does', async () => {
      const { projection, indexed } = apps;
      const persons = await answerOf(indexed, '/api/corpus/persons/top?limit=200');
      expect((persons.body.persons as unknown[]).length).toBeGreaterThan(1);
      expect(await expectSameAnswers(projection, indexed, BROWSE_URLS)).toEqual([200, 400, 403]);
    });

    it('answers the eight graph queries on the index as the projection does', async () => {
      const { projection, indexed } = apps;
      const urls = await graphQueryUrls(projection);
      expect(urls.length).toBeGreaterThan(50);
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403]);
      const unknown = await answerOf(indexed, '/api/topics/no-such-topic/timeline');
      expect(unknown.body.episodes).toEqual([]);
      expect((await answerOf(indexed, '/api/persons/nobody/topics')).body.topics).toEqual([]);
      const bodies = [
        { topic_ids: ['adolescent-sleep', 'topic:adolescent-sleep', 'topic:shift-work'] },
        { topic_ids: ['topic:shift-work', 'no-such-topic'], insight_types: ['claim'] },
        { topic_ids: [] },
        { topic_ids: ['topic:shift-work'], path: '/no/such/root' },
      ];
      const statuses = [];
      for (const body of bodies) {
        const expected = await postOf(projection, '/api/topics/timeline', body);
        expect(await postOf(indexed, '/api/topics/timeline', body)).toEqual(expected);
        statuses.push(expected.status);
      }
      expect(statuses).toEqual([200, 200, 400, 403]);
    });
  },
);

describe.each(['sqlite', 'postgres'] as const)('an empty corpus on the index in %s', (dialect) => {
  const empty = path.join(scratch.dir, 'empty');
  const apps = appsOver(dialect, empty, path.join(scratch.dir, 'data-empty'));

  it('answers empty lists exactly as the projection does', async () => {
    const { projection, indexed } = apps;
    const urls = [
      '/api/corpus/episodes',
      '/api/corpus/feeds',
      '/api/corpus/persons/top',
      '/api/corpus/episodes/detail?metadata_relpath=a/metadata.json',
      '/api/topics/topic:anything/persons',
      '/api/topics/topic:anything/timeline',
      '/api/topics/topic:anything/conversation-arc',
      '/api/topics/perspective-leaders',
      '/api/persons/person:anyone/topics',
      '/api/persons/person:anyone/positions?topic=anything',
    ];
    expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 404]);
    expect((await answerOf(indexed, '/api/corpus/feeds')).body.feeds).toEqual([]);
  });
});

describe('corpus routes while the index is not built yet', () => {
  itAnswers503UntilBuilt({
    dataDir: path.join(scratch.dir, 'data-held'),
    indexFileOf: (env) => loadViewerConfig(env).corpusIndexFile,
    openLock: openIngestLock,
    start: (env, corpusIndex) => buildViewerTestApp({ env, corpusIndex }),
    url: '/api/corpus/feeds',
    served: (body) => expect(body.feeds).toHaveLength(4),
  });
});
