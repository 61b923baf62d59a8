import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { generateCorpus } from '@podcast/corpus-generator';
import { findEpisodeBySlug, type IndexKysely, openIngestLock } from '@podcast/corpus-index';
import { replaceQueue, subscribeMany } from '@podcast/db';
import {
  ANSWER_CORPUS,
  ageTree,
  copySampleCorpus,
  createScratch,
  memoryLogger,
  SAMPLE_CORPUS_DIR,
  type TestDatabase,
} from '@podcast/testing';
import { mountSmallDisk } from '@podcast/testing/chaos';
import {
  answerOf,
  expectSameAnswers,
  type IndexEnv,
  indexEnvFor,
  itAnswers503UntilBuilt,
} from '@podcast/testing/index-suite';
import request from 'supertest';
import { loadConsumerConfig } from '../src/env.js';
import { buildTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { fixLocalUser, syncSession, tieSyncNames } from './support/sync-session.js';

/*
 * CORPUS_INDEX=sqlite and CORPUS_INDEX_URL: the catalog routes the index
 * answers give, over the same corpus, exactly the answers of the
 * projection (the default), from an SQLite file and from PostgreSQL.
 */

const scratch = createScratch('consumer-catalog-index');
afterAll(() => scratch.remove());

const q = encodeURIComponent;
const DAY_MS = 86_400_000;

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
    '/api/app/discover',
    '/api/app/discover?limit=1',
    '/api/app/discover?limit=24',
    '/api/app/discover?limit=0',
    '/api/app/corpus/trending-topics',
    '/api/app/corpus/trending-topics?limit=3',
    '/api/app/corpus/trending-topics?limit=50',
    '/api/app/corpus/trending-topics?limit=0',
    '/api/app/episodes/no-such-slug',
    '/api/app/episodes/no-such-slug/insights',
    '/api/app/episodes/no-such-slug/segments',
    '/api/app/episodes/no-such-slug/entities',
    '/api/app/episodes/no-such-slug/audio-source',
    '/api/app/episodes/no-such-slug/chapters.json',
    '/api/app/episodes/no-such-slug/transcript.vtt',
    '/api/app/episodes/no-such-slug/transcript.srt',
    '/api/app/episodes/no-such-slug/transcript.json',
    ...[...new Set(picked)].flatMap((episode) => (episode ? episodeRequests(episode) : [])),
  ];
}

/** What the routes keyed by an episode's slug answer with, besides its page. */
const EPISODE_FILES = [
  'insights',
  'segments',
  'entities',
  'audio-source',
  'chapters.json',
  'transcript.vtt',
  'transcript.srt',
  'transcript.json',
];

function episodeRequests(episode: EpisodeRecord): string[] {
  const url = `/api/app/episodes/${q(episode.slug)}`;
  return [url, ...EPISODE_FILES.map((file) => `${url}/${file}`)];
}

/** Links in feeds name the public origin, the same for both apps. */
const PUBLIC_BASE_URL = 'http://feeds.test';

/**
 * The same listener state in an app's database, written directly so the
 * indexed app loads no projection: positions, a queue and a library, each
 * naming one episode or show the corpus lacks (kept, not listed).
 */
async function writeListenerState(app: TestApp, snapshot: CorpusSnapshot): Promise<void> {
  const userId = (await request(app.app).get('/api/app/me')).body.user_id as string;
  const list = snapshot.episodes;
  const slugs = [list[3], list[0], list.at(-1), list[1]].flatMap((episode) =>
    episode === undefined ? [] : [episode.slug],
  );
  const at = new Date('2026-01-02T03:04:05.000Z');
  for (const [n, slug] of [...slugs, 'no-such-slug'].entries()) {
    await app.ctx.playback.save({ userId, slug, positionSeconds: 10 * n, at: new Date(+at + n) });
  }
  await replaceQueue(app.ctx.db, userId, [...slugs, 'no-such-slug']);
  const feedIds = [snapshot.feeds[0], snapshot.feeds.at(-1)].flatMap((feed) =>
    feed === undefined ? [] : [feed.feed_id],
  );
  await subscribeMany(app.ctx.db, userId, [...feedIds, 'no-such-feed'], at);
}

/** The apps' clock, set once the corpus is read (`trendingDay`). */
let today = new Date();
const now = () => today;

/**
 * A day at which both trending periods (the 30 days to it and the 30
 * before) hold dated episodes, so the ranking compares counts; else now.
 */
function trendingDay(snapshot: CorpusSnapshot): Date {
  const days = snapshot.episodes.flatMap((episode) =>
    episode.publish_date === null ? [] : [Date.parse(`${episode.publish_date}T12:00:00Z`)],
  );
  const within = (from: number, to: number) => days.some((day) => day > from && day <= to);
  const day = days
    .map((at) => at + 30 * DAY_MS)
    .find((at) => within(at - 30 * DAY_MS, at) && within(at - 60 * DAY_MS, at - 30 * DAY_MS));
  return day === undefined ? new Date() : new Date(day);
}

async function indexedApp(root: string, env: IndexEnv): Promise<TestApp> {
  const app = await buildTestApp({ env: { CORPUS_DIR: root, PUBLIC_BASE_URL, ...env }, now });
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
    projection = await buildTestApp({ env: { CORPUS_DIR: rootOf(), PUBLIC_BASE_URL }, now });
    snapshot = await servedSnapshot(projection);
    today = trendingDay(snapshot);
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

    it('shows the index in the health route only when it is on', async () => {
      expect((await request(projection.app).get('/api/health')).body).toEqual({ status: 'ok' });
      expect((await request(indexed.app).get('/api/health')).body).toEqual({
        status: 'ok',
        corpus_index: { ingester: true, failures: 0, last_error: null },
      });
    });

    it('answers every catalog request exactly as the projection does', async () => {
      const statuses = await expectSameAnswers(projection, indexed, catalogRequests(snapshot));
      expect(statuses).toEqual([200, 400, 404]);
      const trending = await answerOf(indexed, '/api/app/corpus/trending-topics?limit=50');
      expect((trending.body.items as unknown[]).length > 0).toBe(snapshot.episodes.length > 0);
      const discover = (await answerOf(indexed, '/api/app/discover?limit=24')).body;
      for (const shelf of ['trending_shows', 'recent_episodes', 'trending_topics']) {
        expect((discover[shelf] as unknown[]).length > 0).toBe(snapshot.episodes.length > 0);
      }
    });

    it('answers the playback list and the overlay feeds exactly as the projection does', async () => {
      for (const app of [projection, indexed]) {
        await writeListenerState(app, snapshot);
      }
      const feeds = [snapshot.feeds[0], snapshot.feeds.at(-1)].flatMap((feed) =>
        feed === undefined ? [] : [`/api/app/feeds/${q(feed.feed_id)}/podcast.xml`],
      );
      const urls = [
        '/api/app/playback',
        '/api/app/queue',
        '/api/app/library',
        '/api/app/me/queue.xml',
        '/api/app/me/library.xml',
        ...feeds,
        '/api/app/feeds/no-such-feed/podcast.xml',
      ];
      const statuses = await expectSameAnswers(projection, indexed, urls);
      expect(statuses).toEqual([200, 404]);
      // Answered from the index and the files alone: no projection was loaded.
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    });

    // One engine: the projection app is shared by both, and the writes change its
    // user's state, so they run after the last engine's reads of that state.
    if (name === 'the sample corpus' && dialect === 'postgres') {
      it('answers the writes naming an episode or a show exactly as the projection does', async () => {
        const slug = snapshot.episodes[2]?.slug as string;
        const feedId = snapshot.feeds[1]?.feed_id as string;
        const writes: [string, 'put' | 'post', string, object | undefined][] = [];
        for (const [s, f] of [
          [slug, feedId],
          ['no-such-slug', 'no-such-feed'],
        ] as const) {
          writes.push(
            ['put', 'put', `/api/app/playback/${q(s)}`, { position_seconds: 42 }],
            ['add', 'post', '/api/app/queue/items', { slug: s }],
            ['replace', 'put', '/api/app/queue', { items: [s] }],
            ['favorite', 'put', '/api/app/favorites', { kind: 'episode', ref: s }],
            ['subscribe', 'post', `/api/app/library/${q(f)}`, undefined],
            ['subscribe', 'post', '/api/app/library', { feed_id: f }],
            ['note', 'post', '/api/app/notes', { target: 'episode', target_id: s, text: 'n' }],
            ['listen', 'post', `/api/app/listen/${q(s)}`, {}],
          );
        }
        const statuses = new Set<number>();
        for (const [what, method, url, body] of writes) {
          const answer = async (app: TestApp) => {
            const res = await request(app.app)[method](url).send(body);
            // A note's id is drawn at random.
            const {
              request_id: _requestId,
              id: _id,
              ...rest
            } = res.body as Record<string, unknown>;
            return { what, url, status: res.status, body: rest };
          };
          const expected = await answer(projection);
          expect(await answer(indexed)).toEqual(expected);
          statuses.add(expected.status);
        }
        expect([...statuses].sort()).toEqual([200, 201, 204, 400, 404]);
        // Checked against the index alone: no projection was loaded.
        expect(indexed.ctx.corpus.describe()).toEqual([]);
      });
    }

    if (name === 'the sample corpus') {
      it("answers every episode's page and files exactly as the projection does", async () => {
        const urls = snapshot.episodes.flatMap(episodeRequests);
        expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 404]);
        // Answered from the index and the files alone: no projection was loaded.
        expect(indexed.ctx.corpus.describe()).toEqual([]);
      });
    }
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

describe.each(['sqlite', 'postgres'] as const)(
  'catalog routes while a first build reads the layers, in %s',
  (dialect) => {
    it('serves the catalog at once and the insights with 503 until their pass is done', async () => {
      const { env, database } = await indexEnvFor(dialect, path.join(scratch.dir, 'data-layers'));
      let release = () => {};
      const layersHeld = new Promise<void>((resolve) => {
        release = resolve;
      });
      const app = await buildTestApp({
        env: { CORPUS_DIR: SAMPLE_CORPUS_DIR, ...env },
        corpusIndex: { heartbeatMs: 100, beforeLayers: () => layersHeld },
      });
      const index = app.ctx.corpusIndex;
      try {
        await waitFor(async () => index?.view() !== undefined);
        expect(index?.view()?.layers).toBe(false);
        const list = await request(app.app).get('/api/app/episodes?page_size=100');
        expect(list.status).toBe(200);
        expect(list.body.total).toBe(24);
        const slug = encodeURIComponent(list.body.items[0].slug);
        const page = await request(app.app).get(`/api/app/episodes/${slug}`);
        expect(page.status).toBe(200);
        // The names sync apps use are the catalog's: an OPML import is matched at once.
        const opml = await request(app.app)
          .post('/api/app/library/opml')
          .set('content-type', 'text/x-opml')
          .send('<opml><body><outline xmlUrl="http://SLOWWAVE.fm/podcast.rss/"/></body></opml>');
        expect([opml.status, opml.body.subscribed.length]).toEqual([200, 1]);
        const insights = await request(app.app).get(`/api/app/episodes/${slug}/insights`);
        expect(insights.status).toBe(503);
        expect(insights.headers['retry-after']).toBe('5');
        expect(insights.body.episodes_ready).toBe(true);
        // The shelves of topics are written by the layers pass too.
        for (const url of ['/api/app/corpus/trending-topics', '/api/app/discover']) {
          expect([url, (await request(app.app).get(url)).status]).toEqual([url, 503]);
        }

        release();
        await waitFor(async () => index?.view()?.layers === true);
        // Once built, the catalog answers are those served while the layers were read.
        expect((await request(app.app).get('/api/app/episodes?page_size=100')).text).toBe(
          list.text,
        );
        expect((await request(app.app).get(`/api/app/episodes/${slug}`)).text).toBe(page.text);
        const built = await request(app.app).get(`/api/app/episodes/${slug}/insights`);
        expect(built.status).toBe(200);
        expect(built.body.items.length).toBeGreaterThan(0);
        for (const url of ['/api/app/corpus/trending-topics', '/api/app/discover']) {
          expect([url, (await request(app.app).get(url)).status]).toEqual([url, 200]);
        }
      } finally {
        release();
        await app.close();
        await database?.close();
      }
    }, 30_000);
  },
);

// Mounting a tmpfs needs root (CAP_SYS_ADMIN), as the chaos suite's disk-full scenario does.
const asRoot = process.getuid?.() === 0 ? it : it.skip;

describe('the corpus index on a full disk', () => {
  asRoot(
    'serves the last committed index, says why in the health route, and writes once it can',
    async () => {
      const disk = await mountSmallDisk(8192);
      expect(disk).toBeDefined();
      const copy = copySampleCorpus('consumer-index-full-disk');
      ageTree(copy.corpusDir);
      const { logger, lines } = memoryLogger();
      const app = await buildTestApp({
        env: { CORPUS_DIR: copy.corpusDir, CORPUS_INDEX: 'sqlite', DATA_DIR: disk?.dir as string },
        corpusIndex: { heartbeatMs: 50, retryBaseMs: 50 },
        logger,
      });
      const health = async () => (await request(app.app).get('/api/health')).body.corpus_index;
      const titleOf = async (slug: string) =>
        (await request(app.app).get(`/api/app/episodes/${encodeURIComponent(slug)}`)).body.title;
      try {
        await app.ctx.corpusIndex?.ingestNow();
        const [episode] = (await request(app.app).get('/api/app/episodes')).body.items;
        const before = await titleOf(episode.slug);
        expect(await health()).toEqual({ ingester: true, failures: 0, last_error: null });

        disk?.fill();
        const file = path.join(copy.corpusDir, await metadataRelpathOf(app, episode.slug));
        const doc = JSON.parse(readFileSync(file, 'utf8'));
        doc.episode.title = 'Written once the disk has room';
        writeFileSync(file, JSON.stringify(doc));
        const past = new Date(Date.now() - 3_600_000);
        utimesSync(file, past, past);
        await waitFor(async () => ((await health())?.failures ?? 0) >= 10);
        expect((await health())?.last_error).toMatch(/full/);
        expect(await titleOf(episode.slug)).toBe(before);
        const said = lines.filter(
          (line) => line.msg === 'corpus index not written; serving the last committed index',
        );
        // One line when the writes began to fail, then one per retry delay: not one per beat.
        expect(said.length).toBeGreaterThan(0);
        expect(said.length).toBeLessThan((await health())?.failures);

        disk?.free();
        await waitFor(
          async () => (await titleOf(episode.slug)) === 'Written once the disk has room',
        );
        expect(await health()).toEqual({ ingester: true, failures: 0, last_error: null });
        expect(lines.some((line) => line.msg === 'corpus index written again')).toBe(true);
      } finally {
        await app.close();
        await disk?.destroy();
        copy.remove();
      }
    },
    60_000,
  );
});

async function metadataRelpathOf(app: TestApp, slug: string): Promise<string> {
  const episode = await findEpisodeBySlug(app.ctx.corpusIndex?.reader() as IndexKysely, slug);
  return episode?.metadata_relpath as string;
}

async function waitFor(test: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) {
      throw new Error(`not so within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(['sqlite', 'postgres'] as const)(
  'sync, OPML and the library on the corpus index, in %s',
  (dialect) => {
    it('answers a whole podcast-app session exactly as the projection does', async () => {
      const copy = copySampleCorpus(`consumer-sync-index-${dialect}`);
      tieSyncNames(copy.corpusDir);
      ageTree(copy.corpusDir);
      const { env, database } = await indexEnvFor(dialect, path.join(copy.dir, 'data'));
      const clock = () => new Date('2026-06-01T00:00:00Z');
      const projection = await buildTestApp({ env: { CORPUS_DIR: copy.corpusDir }, now: clock });
      const indexed = await buildTestApp({
        env: { CORPUS_DIR: copy.corpusDir, ...env },
        now: clock,
      });
      try {
        await indexed.ctx.corpusIndex?.ingestNow();
        for (const app of [projection, indexed]) {
          await fixLocalUser(app);
        }
        const snapshot = await servedSnapshot(projection);
        const expected = await syncSession(projection, snapshot);
        const answered = await syncSession(indexed, snapshot);
        expect(answered).toEqual(expected);
        // Nothing was answered from the projection, yet every route and outcome was met.
        expect(indexed.ctx.corpus.describe()).toEqual([]);
        expect([...new Set(expected.map((a) => a.status))].sort()).toEqual([200, 202, 400, 404]);
      } finally {
        await indexed.close();
        await projection.close();
        await database?.close();
        copy.remove();
      }
    }, 120_000);
  },
);
