import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openIngestLock } from '@podcast/corpus-index';
import {
  copySampleCorpusTo,
  createScratch,
  SAMPLE_CORPUS_DIR,
  type TestDatabase,
} from '@podcast/testing';
import {
  answerOf,
  expectSameAnswers,
  type IndexDialect,
  type IndexEnv,
  indexEnvFor,
  itAnswers503UntilBuilt,
} from '@podcast/testing/index-suite';
import { loadViewerConfig } from '../src/env.js';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

/*
 * CORPUS_INDEX=sqlite and CORPUS_INDEX_URL: the viewer's corpus routes the
 * index answers (episodes, feeds, top persons) give, over the same corpus,
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

interface ListedEpisode {
  title: string;
  topics: string[];
  feed_id: string;
}

/**
 * The list's search requests, drawn from the listed episodes: a title with
 * KELVIN SIGN for its first `k` (JS lower-cases it to `k`), text spanning
 * two topic lines, then case, blanks, LONG S (lower case already, though
 * Unicode case folding makes it `s`), LIKE's wildcards and the cluster filter.
 */
function searchUrlsOf(items: readonly ListedEpisode[]): string[] {
  const titled = items.find((item) => /[a-z]k/.test(item.title))?.title ?? 'k';
  const listed = items.find((item) => item.topics.length > 1)?.topics ?? [];
  const across = `${listed[0]?.slice(-4)}\n${listed[1]?.slice(0, 4)}`.toUpperCase();
  const list = '/api/corpus/episodes?limit=4';
  return [
    `${list}&q=${q(titled.replace('k', '\u212a'))}`,
    `${list}&topic_q=${q(across)}`,
    `${list}&q=${q(titled.toUpperCase())}`,
    `${list}&q=${q(` ${titled.split(' ')[0]?.toLowerCase()}\t`)}`,
    `${list}&q=%20%20`,
    `${list}&q=${q(titled.replace('s', '\u017f'))}`,
    `${list}&q=%25`,
    `${list}&q=_`,
    `${list}&q=the&feed_id=${q(items[0]?.feed_id ?? '')}`,
    `${list}&topic_q=OPEN%20DATA&q=a`,
    `${list}&topic_cluster_only=true`,
    `${list}&topic_cluster_only=false&q=the`,
    `${list}&topic_cluster_only=true&topic_q=e&since=2000-01-01`,
  ];
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

    it('shows the index in the health route only when it is on', async () => {
      const { projection, indexed } = apps;
      expect((await answerOf(projection, '/api/health')).body.corpus_index).toBeUndefined();
      expect((await answerOf(indexed, '/api/health')).body.corpus_index).toEqual({
        ingester: true,
        failures: 0,
        last_error: null,
      });
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
        ...searchUrlsOf(first.body.items as ListedEpisode[]),
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

    it('finds what the folded search needles name, so the equal answers are not all empty', async () => {
      const { projection, indexed } = apps;
      const first = await answerOf(projection, '/api/corpus/episodes?limit=200');
      const [kelvin, across] = searchUrlsOf(first.body.items as ListedEpisode[]);
      for (const url of [kelvin, across, '/api/corpus/episodes?topic_cluster_only=true']) {
        const page = await answerOf(indexed, url as string);
        expect((page.body.items as unknown[]).length).toBeGreaterThan(0);
      }
    });

    it('refuses a search the projection refuses, naming the field', async () => {
      const { projection, indexed } = apps;
      const urls = [
        `/api/corpus/episodes?q=${'x'.repeat(501)}`,
        '/api/corpus/episodes?topic_q=a%00b',
        '/api/corpus/episodes?topic_cluster_only=maybe',
        '/api/corpus/episodes?q=%E0%A4%A',
        '/api/corpus/episodes?q=the&path=/no/such/root',
      ];
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([400, 403]);
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
    ];
    expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 404]);
    expect((await answerOf(indexed, '/api/corpus/feeds')).body.feeds).toEqual([]);
  });
});

describe('the cluster filter on the index', () => {
  const copy = path.join(scratch.dir, 'clustered');
  beforeAll(() => {
    copySampleCorpusTo(copy);
  });
  const apps = appsOver('sqlite', copy, path.join(scratch.dir, 'data-clustered'));

  it('follows a rewritten cluster file, as the projection does', async () => {
    const { projection, indexed } = apps;
    const url = '/api/corpus/episodes?topic_cluster_only=true&limit=200';
    const before = await answerOf(indexed, url);
    expect(before).toEqual(await answerOf(projection, url));
    const listed = (before.body.items as Array<{ episode_id: string }>).at(-1)?.episode_id;
    // One cluster of two members naming one episode: a smaller file, so its stamp moves.
    const members = [{ episode_ids: [listed] }, { episode_ids: [] }];
    writeFileSync(
      path.join(copy, 'search', 'topic_clusters.json'),
      JSON.stringify({ clusters: [{ members }] }),
    );
    const after = await answerOf(indexed, url);
    expect(after).toEqual(await answerOf(projection, url));
    expect(after.body.items).toEqual([(before.body.items as unknown[]).at(-1)]);
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

describe('corpus routes while a first build reads the layers', () => {
  it('serves what reads the catalog and answers 503 for what reads the layers', async () => {
    let release = () => {};
    const layersHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const dataDir = path.join(scratch.dir, 'data-layers');
    const indexed = buildViewerTestApp({
      env: { CORPUS_INDEX: 'sqlite', DATA_DIR: dataDir },
      corpusIndex: { heartbeatMs: 100, beforeLayers: () => layersHeld },
    });
    const index = indexed.ctx.corpusIndex;
    const catalog = [
      '/api/corpus/feeds',
      '/api/corpus/episodes?limit=5',
      '/api/corpus/episodes?q=the&topic_cluster_only=false',
    ];
    const layered = [
      '/api/corpus/persons/top',
      '/api/corpus/episodes?topic_q=sleep',
      `/api/corpus/episodes/detail?metadata_relpath=${encodeURIComponent(
        'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/0004 - Shift Work, Explained_fb801546.metadata.json',
      )}`,
    ];
    try {
      const deadline = Date.now() + 10_000;
      while (index?.view() === undefined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const early = new Map<string, unknown>();
      for (const url of catalog) {
        const answer = await answerOf(indexed, url);
        expect(answer.status).toBe(200);
        early.set(url, answer);
      }
      for (const url of layered) {
        const answer = await answerOf(indexed, url);
        expect(answer).toMatchObject({ status: 503, body: { episodes_ready: true } });
      }
      release();
      while (index?.view()?.layers !== true && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const url of catalog) {
        expect(await answerOf(indexed, url)).toEqual(early.get(url));
      }
      for (const url of layered) {
        expect((await answerOf(indexed, url)).status).toBe(200);
      }
    } finally {
      release();
      await indexed.close();
    }
  }, 30_000);
});
