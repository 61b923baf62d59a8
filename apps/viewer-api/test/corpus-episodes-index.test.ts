import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateCorpus } from '@podcast/corpus-generator';
import { type CorpusIndex, onIndexChange, openIngestLock } from '@podcast/corpus-index';
import {
  ANSWER_CORPUS,
  CONSENSUS,
  CONTRADICTED,
  copySampleCorpusTo,
  createScratch,
  PAVEMENT,
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
import request from 'supertest';
import { loadViewerConfig } from '../src/env.js';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { remakeClockReads, writeSettled } from './support/hot-answers.js';
import { waitForRebuild } from './support/sample-corpus-copy.js';

/*
 * CORPUS_INDEX=sqlite and CORPUS_INDEX_URL: the viewer's corpus routes the
 * index answers (episodes, feeds, top persons, eight graph queries) give, over the same corpus,
 * exactly the answers of the projection (the default), from an SQLite file
 * and from PostgreSQL.
 */

const scratch = createScratch('viewer-episodes-index');
afterAll(() => scratch.remove());

const q = encodeURIComponent;

/** The feed, top person, stats and coverage requests: every list, its 400s, and another allowed root. */
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
  '/api/corpus/stats',
  `/api/corpus/stats?path=${q(SAMPLE_CORPUS_DIR)}`,
  '/api/corpus/stats?path=/no/such/root',
  '/api/corpus/coverage',
  `/api/corpus/coverage?path=${q(SAMPLE_CORPUS_DIR)}`,
  '/api/corpus/coverage?path=/no/such/root',
  '/api/corpus/coverage?path=',
];

/** The sample corpus's newest episode is of 2026-11-14: the windowed answers read this clock. */
const CLOCK = new Date('2026-11-15T10:00:00Z');

/** The digest's requests: every window, compact, without topics, caps, and its 400s and 403. */
const DIGEST_URLS = [
  '/api/corpus/digest',
  '/api/corpus/digest?window=24h',
  '/api/corpus/digest?window=1mo',
  '/api/corpus/digest?window=since&since=2026-09-01',
  '/api/corpus/digest?window=since&since=2000-01-01&max_rows=100',
  '/api/corpus/digest?window=since&since=2999-01-01',
  '/api/corpus/digest?window=since&since=2026-09-01&include_topics=false&max_rows=3',
  '/api/corpus/digest?compact=true&window=since',
  '/api/corpus/digest?compact=true&max_rows=2',
  `/api/corpus/digest?path=${q(SAMPLE_CORPUS_DIR)}&max_rows=1`,
  '/api/corpus/digest?window=since',
  '/api/corpus/digest?window=since&since=2026-13-01',
  '/api/corpus/digest?window=week',
  '/api/corpus/digest?max_rows=0',
  '/api/corpus/digest?path=/no/such/root',
];

/** Trending and a show's signals: limits, their 400s, an unknown feed and another root. */
function signalUrlsOf(feedIds: readonly string[]): string[] {
  const signals = '/api/corpus/feed-signals';
  return [
    '/api/corpus/trending',
    '/api/corpus/trending?limit_per_kind=1',
    '/api/corpus/trending?limit_per_kind=50',
    '/api/corpus/trending?limit_per_kind=0',
    '/api/corpus/trending?limit_per_kind=many',
    '/api/corpus/trending?path=/no/such/root',
    ...feedIds.flatMap((id) => [
      `${signals}?feed_id=${q(id)}`,
      `${signals}?feed_id=${q(id)}&top_k=1&max_episodes=1`,
      `${signals}?feed_id=${q(id)}&top_k=50&max_episodes=500`,
    ]),
    `${signals}?feed_id=no-such-feed`,
    `${signals}?top_k=3`,
    `${signals}?feed_id=${q(feedIds[0] ?? '')}&max_episodes=501`,
    `${signals}?feed_id=${q(feedIds[0] ?? '')}&path=/no/such/root`,
  ];
}

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

/**
 * Explore's requests: every filter, alone and together, each sort, the
 * limits, a question (no_index without a search index), and its 400s and
 * 403. `person` and `topic` are ids the corpus holds, `personTopic` a part
 * of a label of a topic the person speaks on. The first 13 find insights.
 */
function exploreUrlsOf(person: string, topic: string, personTopic: string): string[] {
  const bare = (id: string) => id.slice(id.indexOf(':') + 1);
  const explore = '/api/explore';
  return [
    explore,
    `${explore}?limit=200`,
    `${explore}?sort_by=date&limit=200`,
    `${explore}?sort_by=relevance&limit=7`,
    `${explore}?topic=sleep&grounded_only=true&sort_by=date&limit=5`,
    `${explore}?topic=SLEEP&limit=200`,
    `${explore}?topic=${q(topic)}&strict=true`,
    `${explore}?topic=${q(bare(topic))}&strict=true&limit=200`,
    `${explore}?speaker=${q(person)}&limit=200`,
    `${explore}?speaker=${q(bare(person))}&sort_by=date`,
    `${explore}?speaker=${q(person)}&topic=${q(personTopic)}`,
    `${explore}?min_confidence=0.8&limit=200`,
    `${explore}?min_confidence=0&grounded_only=true&sort_by=date&limit=200`,
    `${explore}?topic=sleep&strict=true`,
    `${explore}?min_confidence=1`,
    `${explore}?speaker=person:nobody`,
    `${explore}?topic=no-such-topic`,
    `${explore}?question=${q('why do teens sleep badly')}`,
    `${explore}?q=sleep&topic=sleep`,
    `${explore}?min_confidence=1.5`,
    `${explore}?limit=0`,
    `${explore}?sort_by=salience`,
    `${explore}?strict=perhaps`,
    `${explore}?path=/no/such/root`,
  ];
}

/**
 * `exploreUrlsOf` for the corpus's top person, the topic of their most
 * confident insight and an upper-cased part of that topic's label.
 */
async function exploreUrlsFor(app: ViewerTestApp): Promise<string[]> {
  const top = await answerOf(app, '/api/corpus/persons/top');
  const person = (top.body.persons as Array<{ person_id: string }>)[0]?.person_id ?? '';
  const spoken = await answerOf(app, `/api/explore?speaker=${q(person)}`);
  const [first] = spoken.body.items as Array<{ topics: Array<{ id: string; label: string }> }>;
  const topic = first?.topics[0] ?? { id: '', label: '' };
  return exploreUrlsOf(person, topic.id, topic.label.slice(1, 6).toUpperCase());
}

/** The search requests: filters, types, caps, a model mismatch, and the 400s and 403. */
function searchRequestsOf(feedId: string, person: string): string[] {
  const search = '/api/search';
  return [
    `${search}?q=${q('insomnia treatment')}&top_k=20`,
    `${search}?q=sleep&top_k=100`,
    `${search}?q=${q('what has Lucas Vargas said')}`,
    `${search}?q=sleep&type=insight&grounded_only=true&top_k=50`,
    `${search}?q=sleep&type=transcript,quote&top_k=50`,
    `${search}?q=sleep&type=kg_topic,kg_entity&dedupe_kg_surfaces=false&top_k=50`,
    `${search}?q=sleep&feed=${q(feedId)}&top_k=30`,
    `${search}?q=sleep&since=2026-11-01`,
    `${search}?q=sleep&speaker=${q(person)}`,
    `${search}?q=sleep&feed=no-such-feed`,
    `${search}?q=sleep&embedding_model=other/model`,
    search,
    `${search}?q=x&top_k=0`,
    `${search}?q=x&type=insight,podcast`,
    `${search}?q=sleep&path=/no/such/root`,
  ];
}

/** The comparisons: shared episodes and speakers, filters, a model mismatch, a 400 and a 403. */
const COMPARE_BODIES = [
  { a: 'insomnia treatment', b: 'teenage sleep', top_k: 50 },
  { a: 'shift work', b: 'sleep', type: ['insight', 'transcript'], top_k: 100 },
  { a: 'sleep', b: 'battery recycling', grounded_only: true },
  { a: 'sleep', b: 'sleep', embedding_model: 'other/model' },
  { a: 'sleep' },
  { a: 'sleep', b: 'x', path: '/no/such/root' },
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
    apps.projection = buildViewerTestApp({
      corpusDir,
      now: () => CLOCK,
      env: { CORPUS_INDEX: 'projection' },
    });
    apps.indexed = buildViewerTestApp({ corpusDir, env, now: () => CLOCK });
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

    it('keeps the projection when asked for it, and opens the index otherwise', () => {
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

    it('answers enricher outputs, artifacts, run and ops summaries as the projection does', async () => {
      const { projection, indexed } = apps;
      const list = await answerOf(projection, '/api/corpus/episodes?limit=200');
      const relpaths = (list.body.items as Array<{ metadata_relpath: string }>).map(
        (item) => item.metadata_relpath,
      );
      const enrichment = (relpath: string, enricher = 'grounding_rate') =>
        `/api/corpus/episode/enrichments/${enricher}?metadata_relpath=${q(relpath)}`;
      const urls = [
        ...relpaths.map((relpath) => enrichment(relpath)),
        enrichment(relpaths[0] ?? '', 'insight_sentiment'),
        enrichment(relpaths[0] ?? '', 'no_such_enricher'),
        enrichment('no/such/metadata.json'),
        enrichment('../escape.json'),
        `${enrichment(relpaths[0] ?? '')}&path=/no/such/root`,
        '/api/corpus/runs/summary',
        '/api/corpus/runs/summary?path=/no/such/root',
        '/api/ops/summary',
        `/api/artifacts?path=${q(SAMPLE_CORPUS_DIR)}`,
        '/api/artifacts?path=/no/such/root',
        '/api/artifacts',
      ];
      const statuses = await expectSameAnswers(projection, indexed, urls);
      expect(statuses).toEqual(expect.arrayContaining([200, 400, 403, 404]));
      const ids = (list.body.items as Array<{ episode_id: string | null }>).flatMap((item) =>
        item.episode_id === null ? [] : [item.episode_id],
      );
      const bodies = [
        { episode_ids: ids },
        { episode_ids: [`episode:${ids[0]}`, 'no-such-episode', ids[1], ids[0]] },
        { episode_ids: [] },
        { episode_ids: ids.slice(0, 2), path: '/no/such/root' },
      ];
      for (const body of bodies) {
        const url = '/api/corpus/resolve-episode-artifacts';
        expect(await postOf(indexed, url, body)).toEqual(await postOf(projection, url, body));
      }
      expect((await answerOf(indexed, '/api/corpus/runs/summary')).body.run_files).toBeGreaterThan(
        0,
      );
    });

    it('answers the digest exactly as the projection does', async () => {
      const { projection, indexed } = apps;
      const digest = await answerOf(indexed, DIGEST_URLS[4] as string);
      expect((digest.body.rows as unknown[]).length).toBeGreaterThan(1);
      expect((digest.body.topic_bands as unknown[]).length).toBeGreaterThan(0);
      expect(await expectSameAnswers(projection, indexed, DIGEST_URLS)).toEqual([200, 400, 403]);
    });

    it('answers trending and feed signals exactly as the projection does', async () => {
      const { projection, indexed } = apps;
      const feeds = await answerOf(indexed, '/api/corpus/feeds');
      const feedIds = (feeds.body.feeds as Array<{ feed_id: string }>).map((f) => f.feed_id);
      expect(feedIds.length).toBeGreaterThan(1);
      const trending = await answerOf(indexed, '/api/corpus/trending');
      expect((trending.body.topics as unknown[]).length).toBeGreaterThan(0);
      expect((trending.body.persons as unknown[]).length).toBeGreaterThan(0);
      const urls = signalUrlsOf(feedIds);
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403, 404]);
    });

    it('answers the feeds, the top persons, the stats and the coverage exactly as the projection does', async () => {
      const { projection, indexed } = apps;
      const persons = await answerOf(indexed, '/api/corpus/persons/top?limit=200');
      expect((persons.body.persons as unknown[]).length).toBeGreaterThan(1);
      expect(await expectSameAnswers(projection, indexed, BROWSE_URLS)).toEqual([200, 400, 403]);
    });

    it('answers the relational routes on the graph tables exactly as the projection does', async () => {
      const { projection, indexed } = apps;
      const feeds = (await answerOf(projection, '/api/corpus/feeds')).body.feeds as Array<{
        feed_id: string;
      }>;
      const episodes = '/api/relational/episodes';
      const urls = [
        ...feeds.flatMap(({ feed_id }) => [
          `${episodes}?podcast=${q(feed_id)}`,
          `${episodes}?podcast=${q(feed_id)}&k=1`,
          `${episodes}?podcast=${q(` ${feed_id} `)}&k=200`,
        ]),
        `${episodes}?podcast=no-such-feed`,
        episodes,
        `${episodes}?podcast=any&k=0`,
        `${episodes}?podcast=any&path=/no/such/root`,
      ];
      const persons = (await answerOf(projection, '/api/corpus/persons/top?limit=200')).body
        .persons as Array<{ person_id: string }>;
      const topics = ['topic:adolescent-sleep', 'adolescent-sleep', 'topic:shift-work', 'none'];
      urls.push(
        ...topics.flatMap((t) => [
          `/api/relational/related-topics?topic=${q(t)}`,
          `/api/relational/related-topics?topic=${q(t)}&k=1`,
          `/api/relational/who-said?topic=${q(t)}`,
          `/api/relational/who-said?topic=${q(t)}&k=1`,
          `/api/relational/cross-show?topic=${q(t)}`,
          `/api/relational/cross-show?topic=${q(t)}&per_show=20&k=1`,
        ]),
        '/api/relational/cross-show?topic=x&per_show=21',
        '/api/relational/who-said',
        '/api/relational/who-said?topic=x&path=/no/such/root',
        ...persons.map(
          ({ person_id }) => `/api/relational/co-speakers?person=${q(person_id)}&k=200`,
        ),
        '/api/relational/co-speakers?person=nobody',
        '/api/relational/co-speakers',
        '/api/relational/related-topics?topic=x&k=201',
        '/api/relational/related-topics?topic=x&path=/no/such/root',
      );
      const list = await answerOf(projection, '/api/corpus/episodes?limit=200');
      const listed = list.body.items as Array<{ metadata_relpath: string; episode_id?: string }>;
      const names = listed.flatMap((item) => [
        item.metadata_relpath,
        ...(item.episode_id === undefined ? [] : [item.episode_id]),
      ]);
      urls.push(
        ...names.flatMap((name) => [
          `/api/relational/episode-insights?episode=${q(name)}`,
          `/api/relational/topics?episode=${q(name)}&k=1`,
          `/api/relational/topics?episode=${q(name)}&k=200`,
        ]),
        '/api/relational/episode-insights?episode=no-such-episode',
        '/api/relational/topics',
        '/api/relational/topics?episode=x&path=/no/such/root',
      );
      const related = await answerOf(indexed, '/api/relational/related-topics?topic=shift-work');
      expect((related.body.items as unknown[]).length).toBeGreaterThan(0);
      const first = await answerOf(indexed, urls[0] as string);
      expect((first.body.items as unknown[]).length).toBeGreaterThan(0);
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403]);
    });

    it('answers the entity, detail and ranked relational routes and node episodes as the projection does, without loading it', async () => {
      const { projection, indexed } = apps;
      const list = await answerOf(projection, '/api/corpus/episodes?limit=200');
      const relpaths = (list.body.items as Array<{ metadata_relpath: string }>).map(
        (item) => item.metadata_relpath,
      );
      const insights = [];
      for (const relpath of relpaths) {
        const found = await answerOf(
          projection,
          `/api/relational/episode-insights?episode=${q(relpath)}&k=200`,
        );
        insights.push(...(found.body.items as Array<{ id: string }>).map((item) => item.id));
      }
      const sampled = insights.filter((_, at) => at % 4 === 0);
      expect(sampled.length).toBeGreaterThan(10);
      const persons = (await answerOf(projection, '/api/corpus/persons/top?limit=200')).body
        .persons as Array<{ person_id: string }>;
      const topics = ['topic:adolescent-sleep', 'adolescent-sleep', 'topic:shift-work'];
      const found = [
        ...sampled.flatMap((id) => [
          `/api/relational/entities-in?insight=${q(id)}`,
          `/api/relational/insight-detail?insight=${q(id)}`,
          `/api/relational/insight-detail?insight=${q(` ${id} `)}&k=2`,
        ]),
        ...topics.flatMap((t) => [
          `/api/relational/topic-entities?topic=${q(t)}`,
          `/api/relational/topic-entities?topic=${q(t)}&k=1`,
        ]),
      ];
      const unknown = [
        '/api/relational/entities-in?insight=no-such-insight',
        '/api/relational/insight-detail?insight=no-such-insight',
        '/api/relational/topic-entities?topic=no-such-topic',
        '/api/relational/related-insights?insight=no-such-insight',
        '/api/relational/positions?person=nobody',
        '/api/relational/insights-about?entity=nothing',
        '/api/relational/entities-in',
        '/api/relational/insight-detail?insight=x&k=0',
        '/api/relational/topic-entities?topic=x&k=201',
        '/api/relational/related-insights',
        '/api/relational/positions?person=',
        '/api/relational/insights-about?entity=x&path=/no/such/root',
        '/api/relational/entities-in?insight=x&path=/no/such/root',
      ];
      const nodes = [
        ...persons.map(({ person_id }) => person_id),
        ...topics.filter((t) => t.startsWith('topic:')),
        'person:nobody',
      ];
      const bodies = [
        ...nodes.flatMap((node_id) => [{ node_id }, { node_id, limit: 1 }]),
        { node_id: 'speaker:bruno-novak', limit: 1000 },
        { node_id: 'org:nobody' },
        { node_id: 'nobody' },
        { node_id: 'topic:shift-work', limit: 0 },
        { node_id: 'topic:shift-work', path: '/no/such/root' },
      ];
      expect(await expectSameAnswers(projection, indexed, [...found, ...unknown])).toEqual([
        200, 400, 403,
      ]);
      const statuses = new Set<number>();
      for (const body of bodies) {
        const expected = await postOf(projection, '/api/corpus/node-episodes', body);
        expect(await postOf(indexed, '/api/corpus/node-episodes', body)).toEqual(expected);
        statuses.add(expected.status);
      }
      expect([...statuses].sort()).toEqual([200, 400, 403]);
      const named = await postOf(indexed, '/api/corpus/node-episodes', {
        node_id: 'topic:shift-work',
      });
      expect(named.body.total).toBeGreaterThan(1);
      const detail = await answerOf(indexed, found[1] as string);
      expect((detail.body.items as unknown[]).length).toBeGreaterThan(1);
      expect(indexed.ctx.corpus.describe()).toEqual([]);
      const ranked = [
        ...sampled.map((id) => `/api/relational/related-insights?insight=${q(id)}`),
        `/api/relational/related-insights?insight=${q(sampled[0] ?? '')}&k=1`,
        ...persons.flatMap(({ person_id }) => [
          `/api/relational/positions?person=${q(person_id)}`,
          `/api/relational/positions?person=${q(person_id.replace(/^person:/, ''))}&k=1`,
        ]),
        ...[...topics, ...persons.map(({ person_id }) => person_id), 'bruno-novak'].map(
          (entity) => `/api/relational/insights-about?entity=${q(entity)}&k=200`,
        ),
      ];
      expect(await expectSameAnswers(projection, indexed, ranked)).toEqual([200]);
      const related = await answerOf(indexed, ranked[0] as string);
      expect((related.body.items as unknown[]).length).toBeGreaterThan(0);
      // The ranking asks the search index by the corpus root: no projection is loaded for it.
      expect(indexed.ctx.corpus.describe()).toEqual([]);
    });

    it('answers explore exactly as the projection does, from the explore tables', async () => {
      const { projection, indexed } = apps;
      const urls = await exploreUrlsFor(projection);
      const sleep = await answerOf(indexed, urls[4] as string);
      expect((sleep.body.items as unknown[]).length).toBe(5);
      for (const url of urls.slice(0, 13)) {
        expect([url, (await answerOf(indexed, url)).body.total]).not.toEqual([url, 0]);
      }
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403]);
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

describe('explore on the index over a generated corpus of 1,000 episodes', () => {
  const generated = path.join(scratch.dir, 'generated');
  beforeAll(async () => {
    await generateCorpus({ ...ANSWER_CORPUS, out: generated });
  }, 120_000);

  describe.each(['sqlite', 'postgres'] as const)('in %s', (dialect) => {
    const apps = appsOver(dialect, generated, path.join(scratch.dir, 'data-generated'));

    it('answers explore exactly as the projection does', async () => {
      const { projection, indexed } = apps;
      const urls = await exploreUrlsFor(projection);
      const all = await answerOf(indexed, '/api/explore?limit=200');
      expect(all.body.total).toBeGreaterThan(1000);
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403]);
    });
  });
});

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
      '/api/corpus/digest?window=since&since=2000-01-01',
      '/api/corpus/trending',
      '/api/corpus/feed-signals?feed_id=any',
      '/api/corpus/stats',
      '/api/corpus/coverage',
      '/api/topics/topic:anything/persons',
      '/api/topics/topic:anything/timeline',
      '/api/topics/topic:anything/conversation-arc',
      '/api/topics/perspective-leaders',
      '/api/persons/person:anyone/topics',
      '/api/persons/person:anyone/positions?topic=anything',
      '/api/relational/episodes?podcast=any',
      '/api/relational/related-topics?topic=anything',
      '/api/relational/co-speakers?person=anyone',
      '/api/relational/episode-insights?episode=a/metadata.json',
      '/api/relational/topics?episode=anything',
      '/api/relational/who-said?topic=anything',
      '/api/relational/cross-show?topic=anything',
      '/api/relational/entities-in?insight=anything',
      '/api/relational/topic-entities?topic=anything',
      '/api/relational/insight-detail?insight=anything',
      '/api/relational/related-insights?insight=anything',
      '/api/relational/insights-about?entity=anything',
      '/api/relational/positions?person=anyone',
      '/api/search?q=sleep',
      '/api/explore',
      '/api/explore?q=sleep',
    ];
    expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 404]);
    expect((await answerOf(indexed, '/api/search?q=sleep')).body.error).toBe('no_index');
    const bodies = [{ a: 'sleep', b: 'work' }, { a: 'sleep' }];
    for (const body of bodies) {
      const expected = await postOf(projection, '/api/search/compare', body);
      expect(await postOf(indexed, '/api/search/compare', body)).toEqual(expected);
    }
    const node = { node_id: 'topic:anything' };
    expect(await postOf(indexed, '/api/corpus/node-episodes', node)).toEqual(
      await postOf(projection, '/api/corpus/node-episodes', node),
    );
    expect((await answerOf(indexed, '/api/corpus/feeds')).body.feeds).toEqual([]);
  });
});

/** A sample episode the copy below leaves undated. */
const UNDATED =
  'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/' +
  '0001 - The Hidden Cost of Insomnia Tr_fb801546.metadata.json';

describe('the cluster filter on the index', () => {
  const copy = path.join(scratch.dir, 'clustered');
  beforeAll(() => {
    copySampleCorpusTo(copy);
    const metadata = JSON.parse(readFileSync(path.join(copy, UNDATED), 'utf8'));
    delete metadata.episode.published_date;
    writeFileSync(path.join(copy, UNDATED), JSON.stringify(metadata));
  });
  const apps = appsOver('sqlite', copy, path.join(scratch.dir, 'data-clustered'));

  it('leaves an undated episode out of every window and counts it apart, as the projection does', async () => {
    const { projection, indexed } = apps;
    const stats = await answerOf(indexed, '/api/corpus/stats');
    expect(stats.body.undated_episode_count).toBe(1);
    const feeds = (await answerOf(indexed, '/api/corpus/feeds')).body.feeds as Array<{
      feed_id: string;
    }>;
    const urls = [
      '/api/corpus/stats',
      '/api/corpus/coverage',
      '/api/corpus/digest?window=since&since=2000-01-01&max_rows=100',
      '/api/corpus/trending?limit_per_kind=50',
      ...feeds.map((feed) => `/api/corpus/feed-signals?feed_id=${q(feed.feed_id)}`),
    ];
    expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200]);
  });

  it('tells of each commit to the index, and answers the digest after it as the projection does', async () => {
    const { projection, indexed } = apps;
    const url = '/api/corpus/digest?window=since&since=2000-01-01&max_rows=100';
    const before = await answerOf(indexed, url);
    const [row] = before.body.rows as Array<{ metadata_relpath: string }>;
    const file = path.join(copy, row?.metadata_relpath ?? '');
    const metadata = JSON.parse(readFileSync(file, 'utf8'));
    metadata.episode.title = 'A title the index must pick up';
    writeFileSync(file, JSON.stringify(metadata));
    let changes = 0;
    const stop = onIndexChange(indexed.ctx.corpusIndex as CorpusIndex, () => changes++, 20);
    try {
      await indexed.ctx.corpusIndex?.ingestNow();
      for (let waited = 0; changes === 0 && waited < 2000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
    expect(changes).toBeGreaterThan(0);
    await projection.corpus.refresh(copy);
    const after = await answerOf(indexed, url);
    expect(after).toEqual(await answerOf(projection, url));
    expect((after.body.rows as Array<{ title: string }>)[0]?.title).toBe(metadata.episode.title);
  });

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

  it('re-ranks positions, insights-about and related insights with a search index as the projection does', async () => {
    const { projection, indexed } = apps;
    const search = projection.ctx.search;
    if (search === undefined) {
      throw new Error('the viewer has no search service');
    }
    await search.rebuild(copy, true);
    expect(await waitForRebuild(projection.app, copy)).toMatchObject({ available: true });
    const persons = (await answerOf(indexed, '/api/corpus/persons/top?limit=200')).body
      .persons as Array<{ person_id: string }>;
    const about = await answerOf(indexed, '/api/relational/insights-about?entity=shift-work&k=200');
    const insights = (about.body.items as Array<{ id: string }>).map((item) => item.id);
    const urls = [
      ...persons.map(({ person_id }) => `/api/relational/positions?person=${q(person_id)}&k=200`),
      ...['shift-work', 'adolescent-sleep', ...persons.map(({ person_id }) => person_id)].map(
        (entity) => `/api/relational/insights-about?entity=${q(entity)}&k=200`,
      ),
      ...insights.map((id) => `/api/relational/related-insights?insight=${q(id)}&k=200`),
      '/api/relational/positions?person=nobody',
    ];
    expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200]);
    expect(about.body.reranked).toBe(true);
    expect(insights.length).toBeGreaterThan(1);
  }, 120_000);
});

describe('search routes on the index over a built search index', () => {
  const copy = path.join(scratch.dir, 'searched');
  beforeAll(async () => {
    copySampleCorpusTo(copy);
    // A label in mixed case, and each file's first insight (grounded) without a confidence:
    // explore's label match folds the one, and its filter and sort count the others as 0 and -1.
    const files = readdirSync(copy, { recursive: true, encoding: 'utf8' }).sort();
    for (const file of files.filter((name) => name.endsWith('.gi.json'))) {
      const text = readFileSync(path.join(copy, file), 'utf8');
      const cased = text.replaceAll('"label": "adolescent sleep"', '"label": "Adolescent SLEEP"');
      writeFileSync(
        path.join(copy, file),
        cased.replace(/"confidence": [0-9.]+/, '"confidence": null'),
      );
    }
    // One recorded contradiction, so an answer shows the other side of a claim.
    writeFileSync(path.join(copy, 'enrichments', 'topic_consensus.json'), CONSENSUS);
    const builder = buildViewerTestApp({ corpusDir: copy });
    try {
      const start = await builder.ctx.search?.rebuild(copy, false);
      expect(start?.status).toBe('started');
      if (start?.status === 'started') {
        await start.finished;
      }
    } finally {
      await builder.close();
    }
  }, 180_000);

  describe.each(['sqlite', 'postgres'] as const)('in %s', (dialect) => {
    const apps = appsOver(dialect, copy, path.join(scratch.dir, 'data-searched'));

    it('answers searches, comparisons and explore exactly as the projection does, without loading it', async () => {
      const { projection, indexed } = apps;
      const feeds = (await answerOf(indexed, '/api/corpus/feeds')).body.feeds as Array<{
        feed_id: string;
      }>;
      const persons = (await answerOf(indexed, '/api/corpus/persons/top')).body.persons as Array<{
        person_id: string;
      }>;
      const person = persons[0]?.person_id ?? '';
      const urls = [
        ...searchRequestsOf(feeds[0]?.feed_id ?? '', person),
        ...(await exploreUrlsFor(projection)),
        `/api/explore?q=${q('teenage sleep is a social issue')}&min_confidence=0&limit=200`,
        `/api/explore?question=sleep&sort_by=confidence&grounded_only=true`,
        `/api/explore?q=sleep&speaker=${q(person)}&sort_by=date`,
      ];
      const listed = (await answerOf(indexed, '/api/corpus/episodes?limit=200')).body
        .items as Array<{ metadata_relpath: string }>;
      const similar = [
        ...listed.map(
          ({ metadata_relpath }) =>
            `/api/corpus/episodes/similar?metadata_relpath=${q(metadata_relpath)}&top_k=5`,
        ),
        '/api/corpus/episodes/similar?metadata_relpath=no/such/metadata.json',
        '/api/corpus/episodes/similar?metadata_relpath=../escape.json',
        `/api/corpus/episodes/similar?metadata_relpath=${q(listed[0]?.metadata_relpath ?? '')}&path=/no/such/root`,
        '/api/index/stats',
        '/api/index/stats?embedding_model=another-model',
        '/api/index/stats?path=/no/such/root',
      ];
      expect(await expectSameAnswers(projection, indexed, similar)).toEqual([200, 400, 403, 404]);
      const peers = await answerOf(indexed, similar[0] as string);
      expect((peers.body.items as unknown[]).length).toBeGreaterThan(0);
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403]);
      const statuses = [];
      for (const body of COMPARE_BODIES) {
        const expected = await postOf(projection, '/api/search/compare', body);
        expect(await postOf(indexed, '/api/search/compare', body)).toEqual(expected);
        statuses.push(expected.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 400, 403]);
      // Not all empty: hits with quotes and lifts, shared episodes, ranked insights.
      const hits = (await answerOf(indexed, urls[0] as string)).body.results as Array<{
        supporting_quotes?: unknown[];
        lifted?: unknown;
        episode_title?: string;
      }>;
      expect(hits.some((hit) => (hit.supporting_quotes?.length ?? 0) > 0)).toBe(true);
      expect(hits.some((hit) => hit.lifted !== undefined)).toBe(true);
      expect(hits.every((hit) => hit.episode_title !== undefined)).toBe(true);
      const compared = await postOf(indexed, '/api/search/compare', COMPARE_BODIES[0] as object);
      expect((compared.body.shared_episodes as unknown[]).length).toBeGreaterThan(0);
      const asked = await answerOf(indexed, urls.at(-3) as string);
      expect((asked.body.items as unknown[]).length).toBeGreaterThan(0);
      // Answered from the index, the search index and the files alone: no projection was loaded.
      expect(indexed.corpus.describe()).toEqual([]);
    });

    it('answers questions exactly as the projection does, without loading it', async () => {
      const { projection, indexed } = apps;
      const first = await answerOf(indexed, `/api/ask?q=${q(PAVEMENT)}`);
      const [evidence] = first.body.evidence as Array<{
        episode: { feed_id: string };
        speaker: { id: string } | null;
      }>;
      const feed = evidence?.episode.feed_id ?? '';
      const speaker = evidence?.speaker?.id ?? '';
      const urls = [
        `/api/ask?q=${q(PAVEMENT)}`,
        `/api/ask?q=${q('sewer separation')}&feed=${q(feed)}&top_k=10`,
        `/api/ask?q=${q('permeable pavement')}&speaker=${q(speaker)}&top_k=10`,
        `/api/ask?q=${q(CONTRADICTED)}&top_k=10`,
        `/api/ask?q=${q('Does shift work track adolescent sleep?')}&since=2025-01-01&top_k=20`,
        `/api/ask?q=${q('How do you bake sourdough bread?')}`,
        '/api/ask',
        '/api/ask?q=sleep&top_k=21',
        `/api/ask?q=sleep&since=${q('last week')}`,
        '/api/ask?q=sleep&path=/etc',
      ];
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200, 400, 403]);
      // Not all abstentions: evidence, the other side of a claim, and an abstention.
      const answers = await Promise.all(urls.slice(0, 6).map((url) => answerOf(indexed, url)));
      expect(answers.map((answer) => answer.body.status)).toEqual([
        'answered',
        'answered',
        'answered',
        'answered',
        'answered',
        'abstained',
      ]);
      const sides = answers[3]?.body.evidence as Array<{ contradicts: string | null }>;
      expect(sides.some((item) => item.contradicts !== null)).toBe(true);
      expect(indexed.corpus.describe()).toEqual([]);
    });

    it('re-ranks the relational lists by the search index as before', async () => {
      const { projection, indexed } = apps;
      const urls = [
        '/api/relational/insights-about?entity=topic:adolescent-sleep&k=200',
        '/api/relational/insights-about?entity=topic:shift-work&k=3',
        '/api/relational/related-insights?insight=nothing',
      ];
      const about = await answerOf(indexed, urls[0] as string);
      expect(about.body.reranked).toBe(true);
      expect(await expectSameAnswers(projection, indexed, urls)).toEqual([200]);
    });
  });
});

describe('hot answers on the index', () => {
  it('makes a hot digest again after a commit, before its next request', async () => {
    const copy = path.join(scratch.dir, 'hot');
    copySampleCorpusTo(copy);
    // The clock is read by the cache's key (the UTC day) and by the digest's handler.
    let clockReads = 0;
    const now = () => {
      clockReads++;
      return CLOCK;
    };
    const env = { CORPUS_INDEX: 'sqlite', DATA_DIR: path.join(scratch.dir, 'data-hot') };
    const viewer = buildViewerTestApp({ corpusDir: copy, env, now });
    try {
      await viewer.ctx.corpusIndex?.ingestNow();
      const url = '/api/corpus/digest?window=since&since=2000-01-01';
      // The first answer, then HOT_HITS (16) hits of it: the answer is hot.
      let answer = await answerOf(viewer, url);
      for (let i = 0; i < 16; i++) {
        answer = await answerOf(viewer, url);
      }
      const [row] = answer.body.rows as Array<{ metadata_relpath: string }>;
      const file = path.join(copy, row?.metadata_relpath ?? '');
      const metadata = JSON.parse(readFileSync(file, 'utf8'));
      metadata.episode.title = 'A title made before it was asked for';
      writeSettled(file, JSON.stringify(metadata));
      await viewer.ctx.corpusIndex?.ingestNow();
      clockReads = 0;
      // No request now: only the remake of the hot answer reads the clock.
      expect(await remakeClockReads(() => clockReads)).toBeGreaterThanOrEqual(2);
      clockReads = 0;
      const after = await answerOf(viewer, url);
      expect((after.body.rows as Array<{ title: string }>)[0]?.title).toBe(metadata.episode.title);
      // Served from what the remake made: the cache's key read the clock, no handler did.
      expect(clockReads).toBe(1);
    } finally {
      await viewer.close();
    }
  });
});

describe('graph answers carrying sentiment, cached per index version', () => {
  it('become hot on the index, and are never cached on the projection', async () => {
    const topic = encodeURIComponent('topic:adolescent-sleep');
    const person = encodeURIComponent('person:tomasz-haugen');
    const urls = [
      `/api/topics/${topic}/timeline`,
      `/api/topics/${topic}/conversation-arc`,
      `/api/topics/${topic}/perspectives`,
      `/api/persons/${person}/brief`,
      `/api/persons/${person}/positions?topic=${topic}`,
    ];
    const indexed = buildViewerTestApp();
    const projection = buildViewerTestApp({ env: { CORPUS_INDEX: 'projection' } });
    try {
      // Built first: a commit between two hits starts a new version, whose counts start again.
      await indexed.ctx.corpusIndex?.ingestNow();
      for (const app of [indexed, projection]) {
        for (const url of urls) {
          // The first answer, then HOT_HITS (16) more: a cached answer is hot by then.
          for (let i = 0; i < 17; i++) {
            expect([url, (await answerOf(app, url)).status]).toEqual([url, 200]);
          }
        }
      }
      expect(indexed.ctx.hotAnswers?.size).toBe(urls.length);
      expect(projection.ctx.hotAnswers?.size).toBe(0);
    } finally {
      await indexed.close();
      await projection.close();
    }
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
      // Requests do not wait for the held pass: they answer at once.
      env: { CORPUS_INDEX: 'sqlite', DATA_DIR: dataDir, CORPUS_LOAD_WAIT_MS: '1' },
      corpusIndex: { heartbeatMs: 100, beforeLayers: () => layersHeld },
    });
    const index = indexed.ctx.corpusIndex;
    const catalog = [
      '/api/corpus/feeds',
      '/api/corpus/episodes?limit=5',
      '/api/corpus/episodes?q=the&topic_cluster_only=false',
      '/api/corpus/stats',
      '/api/corpus/coverage',
      `/api/artifacts?path=${encodeURIComponent(SAMPLE_CORPUS_DIR)}`,
      '/api/corpus/runs/summary',
      `/api/corpus/episode/enrichments/insight_density?metadata_relpath=${encodeURIComponent(
        'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/0004 - Shift Work, Explained_fb801546.metadata.json',
      )}`,
    ];
    const layered = [
      '/api/corpus/persons/top',
      '/api/corpus/episodes?topic_q=sleep',
      '/api/corpus/digest?window=since&since=2000-01-01',
      '/api/corpus/trending',
      `/api/corpus/feed-signals?feed_id=${encodeURIComponent(
        'sha256:8be6d1b810b89f42a037a959fe97bf045c3f77445b7520f849f14042ca8e60f0',
      )}`,
      '/api/topics/perspective-leaders',
      '/api/topics/topic:adolescent-sleep/timeline',
      '/api/relational/related-topics?topic=shift-work',
      '/api/relational/co-speakers?person=nobody',
      `/api/relational/episode-insights?episode=${encodeURIComponent(
        'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/0004 - Shift Work, Explained_fb801546.metadata.json',
      )}`,
      '/api/relational/topics?episode=nobody',
      '/api/relational/who-said?topic=shift-work',
      '/api/relational/cross-show?topic=shift-work',
      '/api/explore?topic=sleep',
      '/api/explore?q=sleep',
      `/api/relational/episodes?podcast=${encodeURIComponent(
        'sha256:8be6d1b810b89f42a037a959fe97bf045c3f77445b7520f849f14042ca8e60f0',
      )}`,
      `/api/corpus/episodes/detail?metadata_relpath=${encodeURIComponent(
        'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/0004 - Shift Work, Explained_fb801546.metadata.json',
      )}`,
      '/api/relational/entities-in?insight=nothing',
      '/api/relational/topic-entities?topic=shift-work',
      '/api/relational/insight-detail?insight=nothing',
      '/api/relational/related-insights?insight=nothing',
      '/api/relational/insights-about?entity=shift-work',
      '/api/relational/positions?person=bruno-novak',
    ];
    const nodeEpisodes = () =>
      postOf(indexed, '/api/corpus/node-episodes', { node_id: 'topic:shift-work' });
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
      expect(await nodeEpisodes()).toMatchObject({ status: 503, body: { episodes_ready: true } });
      // Asked only while held: an answer appends to the sample corpus's query log.
      expect(await answerOf(indexed, '/api/ask?q=sleep')).toMatchObject({
        status: 503,
        body: { episodes_ready: true },
      });
      release();
      while (index?.view()?.layers !== true && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const url of catalog) {
        expect(await answerOf(indexed, url)).toEqual(early.get(url));
      }
      for (const url of layered) {
        expect([url, (await answerOf(indexed, url)).status]).toEqual([url, 200]);
      }
      expect((await nodeEpisodes()).status).toBe(200);
    } finally {
      release();
      await indexed.close();
    }
  }, 30_000);

  it('keeps a layers request waiting up to CORPUS_LOAD_WAIT_MS, and answers it once they are read', async () => {
    let release = () => {};
    const layersHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const indexed = buildViewerTestApp({
      env: { DATA_DIR: path.join(scratch.dir, 'data-layers-wait'), CORPUS_LOAD_WAIT_MS: '60000' },
      corpusIndex: { heartbeatMs: 100, beforeLayers: () => layersHeld },
    });
    try {
      // The catalog is served while the layers are held; the layers request waits for them.
      expect((await answerOf(indexed, '/api/corpus/episodes?limit=1')).status).toBe(200);
      let answered = false;
      const waiting = answerOf(indexed, '/api/corpus/persons/top').finally(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([answered, indexed.ctx.corpusIndex?.view()?.layers]).toEqual([false, false]);
      release();
      expect((await waiting).status).toBe(200);
    } finally {
      release();
      await indexed.close();
    }
  }, 30_000);
});
