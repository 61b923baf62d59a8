import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type CorpusSnapshot,
  type EpisodeRecord,
  insightListOf,
  projectInsights,
} from '@podcast/corpus';
import { generateCorpus } from '@podcast/corpus-generator';
import { findEpisodeBySlug, type IndexKysely, openIngestLock } from '@podcast/corpus-index';
import { replaceQueue, subscribeMany } from '@podcast/db';
import {
  ANSWER_CORPUS,
  ageTree,
  CONSENSUS,
  CONTRADICTED,
  copySampleCorpus,
  copySampleCorpusTo,
  createScratch,
  memoryLogger,
  PAVEMENT,
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
    ...SEARCH_REQUESTS,
    ...[...new Set(picked)].flatMap((episode) =>
      episode ? [...episodeRequests(episode), ...episodeSearchRequests(episode)] : [],
    ),
  ];
}

/** The library searches (no_index without a search index) and the search routes' 400s and 404s. */
const SEARCH_REQUESTS = [
  `/api/app/search?q=${q('insomnia treatment')}&top_k=50`,
  '/api/app/search?q=sleep&grounded_only=true',
  `/api/app/search?q=${q('what has Lucas Vargas said')}&top_k=3`,
  '/api/app/search',
  '/api/app/search?q=sleep&top_k=0',
  '/api/app/search?q=sleep&grounded_only=sometimes',
  '/api/app/episodes/no-such-slug/search?q=sleep',
  '/api/app/episodes/no-such-slug/search',
  '/api/app/episodes/no-such-slug/related',
  '/api/app/episodes/no-such-slug/related?top_k=26',
];

/** An episode's grounded search and related episodes, with their 400s. */
function episodeSearchRequests(episode: EpisodeRecord): string[] {
  const url = `/api/app/episodes/${q(episode.slug)}`;
  return [
    `${url}/search?q=sleep&top_k=50`,
    `${url}/search?q=${q('research funding')}`,
    `${url}/search?q=x&top_k=51`,
    `${url}/related`,
    `${url}/related?top_k=1`,
    `${url}/related?top_k=25`,
    `${url}/related?top_k=0`,
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
    projection = await buildTestApp({
      env: { CORPUS_DIR: rootOf(), PUBLIC_BASE_URL, CORPUS_INDEX: 'projection' },
      now,
    });
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

    it('keeps the projection when asked for it, and opens the index otherwise', () => {
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

/** A write or read of the capture suite: its method, URL and body, each app's own ids filled in. */
type CaptureStep = [
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  url: string,
  body?: object,
];

/**
 * Highlight and note ids are drawn at random: each app's are named by the
 * order it made them, in JSON and in text alike, so two apps' answers compare.
 */
function idNamer() {
  const names = new Map<string, string>();
  const name = (text: string) =>
    text.replace(/\b[hn]_[0-9a-f]{24}\b/g, (id) => {
      if (!names.has(id)) {
        names.set(id, `${id[0]}#${names.size}`);
      }
      return names.get(id) as string;
    });
  const idOf = (named: string) => [...names].find(([, n]) => n === named)?.[0] ?? named;
  return { name, idOf };
}

describe.each(['sqlite', 'postgres'] as const)(
  'capture, favorites, listens and stats on the corpus index, in %s',
  (dialect) => {
    // Fresh apps of their own: the catalog suites' apps hold other writes of the same user.
    let projection: TestApp;
    let indexed: TestApp;
    let database: TestDatabase | undefined;
    let snapshot: CorpusSnapshot;
    // One clock for both apps, a second on per step, so rows made at each step order alike.
    let at = new Date('2026-03-01T00:00:00.000Z');
    const clock = () => at;

    beforeAll(async () => {
      projection = await buildTestApp({
        env: { CORPUS_DIR: SAMPLE_CORPUS_DIR, CORPUS_INDEX: 'projection' },
        now: clock,
      });
      snapshot = await servedSnapshot(projection);
      let env: IndexEnv;
      ({ env, database } = await indexEnvFor(dialect, path.join(scratch.dir, 'data-capture')));
      indexed = await buildTestApp({ env: { CORPUS_DIR: SAMPLE_CORPUS_DIR, ...env }, now: clock });
      await indexed.ctx.corpusIndex?.ingestNow();
    }, 120_000);
    afterAll(async () => {
      await projection?.close();
      await indexed?.close();
      await database?.close();
    });

    it('answers highlights, notes, favorites, listens and stats exactly as the projection does', async () => {
      const shown = snapshot.episodes.find(
        (episode) => insightListOf(snapshot, snapshot.graphOf(episode)).items[0]?.quotes[0],
      ) as EpisodeRecord;
      const insight = insightListOf(snapshot, snapshot.graphOf(shown)).items[0];
      const quote = insight?.quotes[0];
      if (insight === undefined || quote === undefined) {
        throw new Error('the sample corpus has no insight with a timed quote');
      }
      // An insight a graph holds but does not show: a favorite or note finds it, a highlight not.
      const withHidden = snapshot.episodes.find((episode) => {
        const graph = snapshot.graphOf(episode);
        return graph !== undefined && graph.insights.length > projectInsights(graph).length;
      }) as EpisodeRecord;
      const graph = snapshot.graphOf(withHidden);
      const shownIds = new Set(graph ? projectInsights(graph).map((item) => item.id) : []);
      const hidden = graph?.insights.find((item) => !shownIds.has(item.id))?.id as string;
      const noGraph = snapshot.episodes.find((episode) => !episode.has_gi) as EpisodeRecord;
      const [a, h, none] = [shown.slug, withHidden.slug, noGraph.slug].map(q);
      const steps: CaptureStep[] = [
        [
          'post',
          '/api/app/highlights',
          { episode_slug: shown.slug, kind: 'insight', insight_id: insight.id },
        ],
        [
          'post',
          '/api/app/highlights',
          { episode_slug: shown.slug, kind: 'moment', start_ms: quote.timestamp_start_ms },
        ],
        [
          'post',
          '/api/app/highlights',
          {
            episode_slug: shown.slug,
            kind: 'span',
            start_ms: quote.timestamp_start_ms,
            end_ms: quote.timestamp_end_ms,
            quote_text: quote.text,
            color: 'green',
          },
        ],
        [
          'post',
          '/api/app/highlights',
          { episode_slug: withHidden.slug, kind: 'insight', insight_id: hidden },
        ],
        [
          'post',
          '/api/app/highlights',
          { episode_slug: shown.slug, kind: 'insight', insight_id: 'insight:nowhere' },
        ],
        [
          'post',
          '/api/app/highlights',
          { episode_slug: 'no-such-slug', kind: 'moment', start_ms: 0 },
        ],
        [
          'post',
          '/api/app/highlights',
          { episode_slug: noGraph.slug, kind: 'moment', start_ms: 1000 },
        ],
        ['post', '/api/app/highlights', { episode_slug: shown.slug, kind: 'span' }],
        ['patch', '/api/app/highlights/h#2', { quote_text: 'words the transcript does not hold' }],
        ['patch', '/api/app/highlights/h#0', { color: 'yellow' }],
        ['patch', '/api/app/highlights/h#0', { quote_text: 'an insight keeps its text' }],
        ['patch', `/api/app/highlights/h_${'0'.repeat(24)}`, { color: 'yellow' }],
        [
          'post',
          '/api/app/notes',
          { target: 'insight', target_id: insight.id, text: 'on the insight' },
        ],
        [
          'post',
          '/api/app/notes',
          { target: 'insight', target_id: hidden, text: 'on a hidden one' },
        ],
        ['post', '/api/app/notes', { target: 'insight', target_id: 'insight:nowhere', text: 'x' }],
        [
          'post',
          '/api/app/notes',
          { target: 'episode', target_id: shown.slug, text: 'on the episode' },
        ],
        ['post', '/api/app/notes', { target: 'highlight', target_id: 'h#1', text: 'on a moment' }],
        ['put', '/api/app/favorites', { kind: 'insight', ref: insight.id }],
        ['put', '/api/app/favorites', { kind: 'insight', ref: hidden }],
        [
          'put',
          '/api/app/favorites',
          { kind: 'insight', ref: insight.id, episode_slug: withHidden.slug },
        ],
        ['put', '/api/app/favorites', { kind: 'insight', ref: 'insight:nowhere' }],
        [
          'put',
          '/api/app/favorites',
          { kind: 'insight', ref: 'insight:nowhere', episode_slug: shown.slug },
        ],
        [
          'put',
          '/api/app/favorites',
          { kind: 'insight', ref: insight.id, episode_slug: 'no-such-slug' },
        ],
        ['put', '/api/app/favorites', { kind: 'insight', ref: 'insight:sent', text: 'sent whole' }],
        ['put', '/api/app/favorites', { kind: 'episode', ref: noGraph.slug }],
        ['get', '/api/app/favorites'],
        ['delete', `/api/app/favorites/insight/${q(hidden)}`],
        ['get', '/api/app/highlights'],
        ['get', `/api/app/highlights?episode_slug=${a}`],
        ['get', '/api/app/highlights?episode_slug=no-such-slug'],
        ['get', '/api/app/notes'],
        ['get', '/api/app/highlights/export.md'],
        ['get', '/api/app/highlights/export.json'],
        ['delete', '/api/app/highlights/h#1'],
        ['get', '/api/app/highlights/export.md'],
        ['post', `/api/app/listen/${a}`, {}],
        ['post', `/api/app/listen/${a}`, {}],
        ['post', `/api/app/listen/${none}`, {}],
        ['post', '/api/app/listen/no-such-slug', {}],
        ['get', `/api/app/episodes/${a}/stats`],
        ['get', `/api/app/episodes/${h}/stats`],
        ['get', `/api/app/episodes/${none}/stats`],
        ['get', '/api/app/episodes/no-such-slug/stats'],
      ];
      const names = new Map([projection, indexed].map((app) => [app, idNamer()]));
      const answer = async (app: TestApp, [method, url, body]: CaptureStep) => {
        const { name, idOf } = names.get(app) as ReturnType<typeof idNamer>;
        const fill = (text: string) => text.replace(/[hn]#\d+/g, idOf);
        const sent = body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body)));
        const res = await request(app.app)[method](fill(url)).send(sent).buffer(true);
        const { request_id: _requestId, ...rest } = (res.body ?? {}) as Record<string, unknown>;
        const text = res.type.includes('json') ? undefined : name(res.text);
        return {
          method,
          url,
          status: res.status,
          body: JSON.parse(name(JSON.stringify(rest))),
          text,
        };
      };
      const statuses = new Set<number>();
      for (const step of steps) {
        at = new Date(+at + 1000);
        const expected = await answer(projection, step);
        expect(await answer(indexed, step)).toEqual(expected);
        statuses.add(expected.status);
      }
      expect([...statuses].sort()).toEqual([200, 201, 204, 400, 404]);
      // Answered from the index and the files alone: no projection was loaded.
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    }, 60_000);
  },
);

describe('search routes on the corpus index over a built search index', () => {
  const copy = path.join(scratch.dir, 'searched');
  let projection: TestApp;
  let snapshot: CorpusSnapshot;

  beforeAll(async () => {
    copySampleCorpusTo(copy);
    // One recorded contradiction, so an answer shows the other side of a claim.
    writeFileSync(path.join(copy, 'enrichments', 'topic_consensus.json'), CONSENSUS);
    projection = await buildTestApp({
      env: { CORPUS_DIR: copy, PUBLIC_BASE_URL, CORPUS_INDEX: 'projection' },
      now,
    });
    const start = await projection.ctx.search.rebuild(copy, false);
    expect(start.status).toBe('started');
    if (start.status === 'started') {
      await start.finished;
    }
    snapshot = await servedSnapshot(projection);
  }, 180_000);
  afterAll(async () => {
    await projection?.close();
  });

  describe.each(['sqlite', 'postgres'] as const)('in %s', (dialect) => {
    let indexed: TestApp;
    let database: TestDatabase | undefined;

    beforeAll(async () => {
      let env: IndexEnv;
      ({ env, database } = await indexEnvFor(dialect, path.join(scratch.dir, 'data-searched')));
      indexed = await indexedApp(copy, env);
    }, 120_000);
    afterAll(async () => {
      await indexed?.close();
      await database?.close();
    });

    it('answers the library search, episode searches and related episodes as the projection does', async () => {
      const urls = [...SEARCH_REQUESTS, ...snapshot.episodes.flatMap(episodeSearchRequests)];
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 404]);
      // Not all empty: hits with card fields and quotes, related cards.
      const library = await answerOf(indexed, SEARCH_REQUESTS[0] as string);
      const hits = library.body.results as Array<{
        episode_artwork: string | null;
        supporting_quotes?: unknown[];
      }>;
      expect(hits.some((hit) => hit.episode_artwork !== null)).toBe(true);
      expect(hits.some((hit) => (hit.supporting_quotes?.length ?? 0) > 0)).toBe(true);
      const slug = q(snapshot.episodes[0]?.slug ?? '');
      const related = await answerOf(indexed, `/api/app/episodes/${slug}/related?top_k=25`);
      expect((related.body.items as unknown[]).length).toBeGreaterThan(3);
      // Answered from the index, the search index and the files alone: no projection was loaded.
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    });

    it('answers questions over the corpus, an episode and the library as the projection does', async () => {
      for (const app of [projection, indexed]) {
        await writeListenerState(app, snapshot);
      }
      const ask = '/api/app/ask';
      const first = await answerOf(indexed, `${ask}?q=${q(PAVEMENT)}`);
      const [evidence] = first.body.evidence as Array<{ episode: { slug: string } }>;
      const slug = q(evidence?.episode.slug ?? '');
      // A claim of an episode the listener played: in their library.
      const played = snapshot.episodes[0] as EpisodeRecord;
      const claim = snapshot.graphOf(played)?.insights[0]?.text ?? '';
      const urls = [
        `${ask}?q=${q(PAVEMENT)}`,
        `${ask}?q=${q(CONTRADICTED)}&top_k=10`,
        `${ask}?q=${q('permeable pavement')}&scope=episode&episode=${slug}&top_k=10`,
        `${ask}?q=${q(claim)}&scope=library&top_k=20`,
        `${ask}?q=${q('How do you bake sourdough bread?')}`,
        `${ask}?q=sleep&scope=episode&episode=no-such-slug`,
        ask,
        `${ask}?q=sleep&scope=episode`,
        `${ask}?q=sleep&top_k=0`,
      ];
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 404]);
      // Not all abstentions: evidence, the other side of a claim, and an abstention.
      const answers = await Promise.all(urls.slice(0, 5).map((url) => answerOf(indexed, url)));
      expect(answers.map((answer) => answer.body.status)).toEqual([
        'answered',
        'answered',
        'answered',
        'answered',
        'abstained',
      ]);
      const sides = answers[1]?.body.evidence as Array<{ contradicts: string | null }>;
      expect(sides.some((item) => item.contradicts !== null)).toBe(true);
      expect(indexed.ctx.corpus.describe()).toEqual([]);
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
        // Requests do not wait for the held pass: they answer at once.
        env: { CORPUS_DIR: SAMPLE_CORPUS_DIR, ...env, CORPUS_LOAD_WAIT_MS: '1' },
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
        for (const url of [
          '/api/app/corpus/trending-topics',
          '/api/app/discover',
          '/api/app/ask?q=sleep',
        ]) {
          expect([url, (await request(app.app).get(url)).status]).toEqual([url, 503]);
        }
        // An episode's graph and the insights' episodes wait for the layers; its transcript does not.
        const stats = `/api/app/episodes/${slug}/stats`;
        expect((await request(app.app).get(stats)).status).toBe(503);
        const favorite = { kind: 'insight', ref: 'insight:any' };
        expect((await request(app.app).put('/api/app/favorites').send(favorite)).status).toBe(503);
        const moment = { episode_slug: list.body.items[0].slug, kind: 'moment', start_ms: 0 };
        expect((await request(app.app).post('/api/app/highlights').send(moment)).status).toBe(201);
        expect((await request(app.app).post(`/api/app/listen/${slug}`).send({})).status).toBe(204);

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
        for (const url of [
          '/api/app/corpus/trending-topics',
          '/api/app/discover',
          '/api/app/ask?q=sleep',
        ]) {
          expect([url, (await request(app.app).get(url)).status]).toEqual([url, 200]);
        }
        expect((await request(app.app).get(stats)).body.opens).toBe(1);
        const unknown = await request(app.app).put('/api/app/favorites').send(favorite);
        expect(unknown.status).toBe(404);
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

describe('hot answers on the index', () => {
  it('makes a hot discover answer again after a commit, before its next request', async () => {
    const copy = copySampleCorpus('consumer-index-hot');
    // The clock is read by the cache's key (the UTC day) and by the handler.
    let clockReads = 0;
    const clock = new Date('2026-11-16T12:00:00Z');
    const app = await buildTestApp({
      env: {
        CORPUS_DIR: copy.corpusDir,
        CORPUS_INDEX: 'sqlite',
        DATA_DIR: path.join(scratch.dir, 'data-hot'),
      },
      now: () => {
        clockReads++;
        return clock;
      },
    });
    try {
      await app.ctx.corpusIndex?.ingestNow();
      const url = '/api/app/discover?limit=24';
      // The first answer, then HOT_HITS (16) hits of it: the answer is hot.
      let answer = await answerOf(app, url);
      for (let i = 0; i < 16; i++) {
        answer = await answerOf(app, url);
      }
      expect(answer.status).toBe(200);
      const [episode] = answer.body.recent_episodes as Array<{ slug: string }>;
      const file = path.join(copy.corpusDir, await metadataRelpathOf(app, episode?.slug ?? ''));
      const metadata = JSON.parse(readFileSync(file, 'utf8'));
      metadata.episode.title = 'A title made before it was asked for';
      writeFileSync(file, JSON.stringify(metadata));
      await app.ctx.corpusIndex?.ingestNow();
      clockReads = 0;
      // No request now: only the remake of the hot answer reads the clock.
      await waitFor(async () => clockReads >= 2, 3000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      clockReads = 0;
      const after = await answerOf(app, url);
      const titles = (after.body.recent_episodes as Array<{ title: string }>).map((e) => e.title);
      expect(titles).toContain(metadata.episode.title);
      // Served from what the remake made: the cache's key read the clock, no handler did.
      expect(clockReads).toBe(1);
    } finally {
      await app.close();
      copy.remove();
    }
  });
});

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
      const projection = await buildTestApp({
        env: { CORPUS_DIR: copy.corpusDir, CORPUS_INDEX: 'projection' },
        now: clock,
      });
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
