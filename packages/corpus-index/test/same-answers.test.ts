import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildCorpusDigest,
  type CatalogFilter,
  type CorpusRegistry,
  type CorpusSnapshot,
  conversationArc,
  corpusCoverageOf,
  corpusEpisodeDetail,
  corpusFeedsOf,
  corpusStatsOf,
  corpusTrending,
  coSpeakers,
  createCorpusRegistry,
  crossShow,
  type DigestBandConfig,
  type DigestRequest,
  type DigestWindowName,
  type EpisodeFilter,
  entitiesIn,
  episodeContentsOf,
  episodeDetailFromSnapshot,
  episodeInsights,
  episodeListFromSnapshot,
  episodeTopicPills,
  episodeTopics,
  feedSignals,
  feedSyncUrlOf,
  findNodeEpisodes,
  graphIndexOf,
  type InsightRanker,
  insightDetail,
  insightListFromSnapshot,
  insightRankKey,
  insightsAbout,
  limitTrending,
  pageCorpusEpisodes,
  personBrief,
  personPositions,
  personTopics,
  perspectiveLeaders,
  podcastEpisodes,
  podcastListOf,
  projectInsights,
  rankCandidates,
  rankSelection,
  readClusteredEpisodeIds,
  readTopicClusterIndex,
  relatedInsights,
  relatedTopics,
  sentimentLookup,
  sentimentSidecarOf,
  statedBy,
  syncUrlKeyOf,
  termDocumentsOf,
  topicEntities,
  topicPersons,
  topicPerspectives,
  topicTimeline,
  topPersonsOf,
  whoSaid,
} from '@podcast/corpus';
import { generateCorpus } from '@podcast/corpus-generator';
import {
  ANSWER_CORPUS,
  copyOfGenerated,
  copySampleCorpusTo,
  createScratch,
  memoryLogger,
  SAMPLE_CORPUS_DIR,
  type Scratch,
} from '@podcast/testing';
import {
  conversationArcFromIndex,
  corpusCoverageFromIndex,
  corpusDigestFromIndex,
  corpusEpisodeDetailFromIndex,
  corpusEpisodePageFromIndex,
  corpusFeedsFromIndex,
  corpusStatsFromIndex,
  corpusTrendingFromIndex,
  coSpeakersFromIndex,
  crossShowFromIndex,
  entitiesInFromIndex,
  episodeDetailFromIndex,
  episodeInsightsFromIndex,
  episodeListFromIndex,
  episodeTopicsFromIndex,
  feedSignalsFromIndex,
  findEpisodeOfInsight,
  findEpisodesByIds,
  findEpisodesByMediaKeys,
  INSIGHT_CANDIDATES,
  type IndexHandle,
  ingestCorpus,
  insightDetailFromIndex,
  insightListFromIndex,
  insightsAboutFromIndex,
  listFeedSyncUrls,
  nodeEpisodesFromIndex,
  personBriefFromIndex,
  personPositionsFromIndex,
  personTopicsFromIndex,
  perspectiveLeadersFromIndex,
  podcastEpisodesFromIndex,
  podcastListFromIndex,
  queryCatalogAfter,
  queryEpisodeContent,
  queryTermCounts,
  queryTermTexts,
  relatedInsightsFromIndex,
  relatedTopicsFromIndex,
  statedByFromIndex,
  topicEntitiesFromIndex,
  topicPersonsFromIndex,
  topicPerspectivesFromIndex,
  topicTimelineFromIndex,
  topPersonsFromIndex,
  whoSaidFromIndex,
} from '../src/index.js';
import type { IndexKysely } from '../src/index-file.js';
import { noteIndexWatchEvent } from '../src/index-watch.js';
import { ingestWalk } from '../src/ingest.js';
import { ingestChanges } from '../src/ingest-changes.js';
import {
  buildIndex,
  DIALECTS,
  type IndexTarget,
  indexTarget,
  loadSnapshot,
} from './index-fixture.js';

const scratch: Scratch = createScratch('corpus-index-answers');
const generated = path.join(scratch.dir, 'generated');
const named = path.join(scratch.dir, 'named');

/**
 * A copy of the sample corpus whose insights also name persons and orgs,
 * which neither corpus's insights do: every other insight mentions an org
 * (whose id sorts before its speakers'), every third another person, and
 * each episode's first a person whose bare id is a topic's too; one
 * insight id is in every episode.
 */
function copyNamingEntities(target: string): void {
  copySampleCorpusTo(target);
  const files = readdirSync(target, { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((f) => f.endsWith('.gi.json'))) {
    const at = path.join(target, file);
    const gi = JSON.parse(readFileSync(at, 'utf8'));
    gi.nodes.push(
      { id: 'org:acme-sleep-lab', type: 'Organization', properties: { name: 'Acme Sleep Lab' } },
      { id: 'person:shift-work', type: 'Person', properties: { name: 'Shift Work' } },
      { id: 'person:ada-quill', type: 'Person', properties: { name: 'Ada Quill' } },
      // One insight id in every episode: its episode is the first or last in catalog order.
      { id: 'insight:said-everywhere', type: 'Insight', properties: { text: 'Said everywhere.' } },
    );
    const insights = gi.nodes.filter((node: { type: string }) => node.type === 'Insight');
    insights.forEach((insight: { id: string }, i: number) => {
      const mentions = (to: string) => gi.edges.push({ type: 'MENTIONS', from: insight.id, to });
      if (i === 0) {
        mentions('person:shift-work');
      }
      if (i % 2 === 0) {
        mentions('org:acme-sleep-lab');
      }
      if (i % 3 === 0) {
        mentions('person:ada-quill');
      }
    });
    writeFileSync(at, JSON.stringify(gi));
  }
}

afterAll(() => scratch.remove());

/**
 * Search filters of the viewer's list drawn from the corpus: case and
 * blanks, text spanning two topic lines, LIKE's wildcards, and letters
 * JS folds otherwise than Unicode case folding (KELVIN SIGN lower-cases to
 * `k`; LONG S is lower case already, though it case-folds to `s`).
 */
function searchFiltersOf(snapshot: CorpusSnapshot, clustered: ReadonlySet<string>) {
  const titled = snapshot.episodes.find((e) => /[a-z]k/.test(e.title) && e.title.includes('s'));
  const title = titled?.title ?? '';
  const word = title.split(' ').find((w) => w.length > 3) ?? '';
  const listed = snapshot.episodes.find((e) => e.topics.length > 1);
  const [first = '', second = ''] = listed?.topics ?? [];
  const across = `${first.slice(-4)}\n${second.slice(0, 4)}`.toUpperCase();
  const feed_id = snapshot.feeds[0]?.feed_id ?? '';
  const filters: EpisodeFilter[] = [
    { q: word.toUpperCase() },
    { q: `  ${word.toLowerCase()}\t ` },
    { q: '   ' },
    { q: title.replace('k', '\u212a') },
    { q: title.replace('s', '\u017f') },
    { q: '%' },
    { q: '_' },
    { q: 'the', feed_id },
    { topic_q: across },
    { topic_q: 'OPEN DATA' },
    { topic_q: 'the', q: 'a' },
    { topic_q: '\n' },
    { clusteredEpisodeIds: clustered },
    { clusteredEpisodeIds: new Set() },
    { clusteredEpisodeIds: clustered, q: 'the', feed_id },
    { clusteredEpisodeIds: new Set([...clustered].slice(0, 3)), topic_q: 'e' },
  ];
  return { filters, title, across };
}

/**
 * Digest bands drawn from the corpus's topic labels (a word of a few
 * episodes' first topics, one band of two such words, one nothing
 * matches), so the bands hold episodes and share topics.
 */
async function bandsOf(snapshot: CorpusSnapshot): Promise<DigestBandConfig[]> {
  const words: string[] = [];
  for (const episode of snapshot.episodes.slice(0, 40)) {
    const [pill] = await episodeTopicPills(snapshot, episode);
    const word = pill?.label.split(' ').find((w) => w.length > 3);
    if (word !== undefined && !words.includes(word)) {
      words.push(word);
    }
  }
  return [
    ...words.slice(0, 3).map((word, i) => ({ id: `b${i}`, label: word, keywords: [word] })),
    { id: 'pair', label: 'Pair', keywords: words.slice(3, 5) },
    { id: 'none', label: 'None', keywords: ['zzzz no such topic'] },
  ];
}

/** A clock at 10:00 UTC `days` after `day`. */
function clockAt(day: string, days = 0): Date {
  return new Date(Date.parse(`${day}T10:00:00Z`) + days * 86_400_000);
}

/**
 * Digest requests at a fixed clock: every window at the corpus's newest
 * day, a month later and a week before, compact, without topics, small
 * and large caps, and `since` days inside, before and after the corpus.
 */
function digestRequestsOf(snapshot: CorpusSnapshot) {
  const dates = snapshot.episodes.map((e) => e.publish_date).filter((d) => d !== null);
  const newest = dates[0] as string;
  const middle = dates[Math.floor(dates.length / 2)] as string;
  const at = clockAt;
  const requests: Array<Omit<DigestRequest, 'bands' | 'clusters'>> = [];
  for (const now of [at(newest), at(newest, 30), at(newest, -7), at(middle)]) {
    for (const window of ['24h', '7d', '1mo'] as DigestWindowName[]) {
      requests.push({ window, now, compact: false, includeTopics: true });
    }
    for (const since of [middle, '2000-01-01', '2999-01-01']) {
      requests.push({ window: 'since', since, now, compact: false, includeTopics: true });
    }
    requests.push(
      { window: 'since', now, compact: true, includeTopics: true },
      { window: '7d', now, compact: true, includeTopics: true, maxRows: 3 },
      { window: '1mo', now, compact: false, includeTopics: false, maxRows: 100 },
      { window: 'since', since: middle, now, compact: false, includeTopics: true, maxRows: 1 },
    );
  }
  return requests;
}

function filtersOf(snapshot: CorpusSnapshot): CatalogFilter[] {
  const feeds = snapshot.feeds.map((feed) => feed.feed_id);
  const statuses = ['ready', 'partial', 'pending'] as const;
  return [
    {},
    { feedId: 'no-such-feed' },
    ...statuses.map((status) => ({ status })),
    ...feeds.slice(0, 4).map((feedId) => ({ feedId })),
    ...feeds.slice(0, 2).flatMap((feedId) => statuses.map((status) => ({ feedId, status }))),
  ];
}

describe.each([
  ['the sample corpus', () => SAMPLE_CORPUS_DIR, 24],
  ['a generated corpus of 1,000 episodes', () => generated, 1000],
  ['a sample copy whose insights name persons and orgs', () => named, 24],
])('the index answers over %s', (_name, rootOf, episodes) => {
  let registry: CorpusRegistry;
  let snapshot: CorpusSnapshot;
  let snapshotWarnings: unknown[];

  // Today's answers are loaded once per corpus; each engine's index is then held to them.
  beforeAll(async () => {
    if (rootOf() === generated) {
      await copyOfGenerated(
        'answer-corpus',
        (out) => generateCorpus({ ...ANSWER_CORPUS, out }),
        generated,
      );
    }
    if (rootOf() === named) {
      copyNamingEntities(named);
    }
    const { logger, lines } = memoryLogger();
    ({ registry, snapshot } = await loadSnapshot(rootOf(), logger));
    snapshotWarnings = lines.filter((line) => (line.level as number) >= 40);
  }, 120_000);
  afterAll(() => registry.close());

  describe.each(DIALECTS)('on %s', (dialect) => {
    let target: IndexTarget;
    let index: IndexHandle;
    let warnings: unknown[];

    beforeAll(async () => {
      const { logger, lines } = memoryLogger();
      target = await indexTarget(
        dialect,
        path.join(scratch.dir, `${path.basename(rootOf())}.sqlite`),
      );
      index = await buildIndex(target, rootOf(), logger);
      warnings = lines.filter((line) => (line.level as number) >= 40);
    }, 120_000);
    afterAll(async () => {
      await index?.close();
      await target?.remove();
    });

    it('indexes every episode the snapshot lists, without warnings', () => {
      expect(snapshot.episodes).toHaveLength(episodes);
      expect(warnings).toEqual([]);
      expect(snapshotWarnings).toEqual([]);
    });

    it('lists every catalog page of every filter as the snapshot does', async () => {
      for (const filter of filtersOf(snapshot)) {
        for (const pageSize of [1, 7, 50]) {
          const pages = Math.min(6, Math.ceil(snapshot.episodes.length / pageSize) + 1);
          for (let page = 1; page <= pages; page++) {
            const query = { page, page_size: pageSize };
            expect(await episodeListFromIndex(index.db, filter, query)).toEqual(
              episodeListFromSnapshot(snapshot, filter, query),
            );
          }
        }
      }
    });

    it('reads the last page of the whole catalog as the snapshot does', async () => {
      const query = { page: Math.ceil(snapshot.episodes.length / 50), page_size: 50 };
      const answer = await episodeListFromIndex(index.db, {}, query);
      expect(answer.items.length).toBeGreaterThan(0);
      expect(answer).toEqual(episodeListFromSnapshot(snapshot, {}, query));
    });

    it('pages through the whole catalog by keyset in the snapshot order', async () => {
      const seen = [];
      for (;;) {
        const last = seen.at(-1);
        const page = await queryCatalogAfter(index.db, {}, last, 37);
        if (page.length === 0) {
          break;
        }
        seen.push(...page);
      }
      expect(seen.map((e) => e.metadata_relpath)).toEqual(
        snapshot.episodes.map((e) => e.metadata_relpath),
      );
      expect(seen).toEqual(snapshot.episodes);
    });

    /**
     * Walks up to `pages` pages of each filter at three page sizes by cursor,
     * each page deep-equal to the snapshot's; counts the rows and the empty first pages.
     */
    async function walkLists(filters: readonly EpisodeFilter[], pages: number) {
      let rows = 0;
      let empty = 0;
      for (const filter of filters) {
        for (const limit of [1, 7, 50]) {
          let cursor: string | undefined;
          for (let page = 0; page < pages; page++) {
            const request = { cursor, limit };
            const expected = pageCorpusEpisodes(snapshot, { filter, ...request });
            expect(await corpusEpisodePageFromIndex(index.db, filter, request)).toEqual(expected);
            rows += expected.items.length;
            empty += page === 0 && expected.items.length === 0 ? 1 : 0;
            if (expected.next_cursor === null) {
              break;
            }
            cursor = expected.next_cursor;
          }
        }
      }
      return { rows, empty };
    }

    it("walks the viewer's episode list by cursor as the snapshot does", async () => {
      const feeds = snapshot.feeds.map((feed) => feed.feed_id);
      const dates = snapshot.episodes.map((e) => e.publish_date).filter((d) => d !== null);
      const since = dates[Math.floor(dates.length / 2)];
      const filters: Array<{ feed_id?: string; since?: string | undefined }> = [
        {},
        { feed_id: 'no-such-feed' },
        { since },
        { since: '2999-01-01' },
      ];
      filters.push(...feeds.slice(0, 3).flatMap((feed_id) => [{ feed_id }, { feed_id, since }]));
      const { rows } = await walkLists(filters, 6);
      expect(rows).toBeGreaterThan(0);
    });

    it("walks the viewer's searched and clustered lists as the snapshot does", async () => {
      const clustered = await readClusteredEpisodeIds(registry.at(snapshot.root));
      expect(clustered.size).toBeGreaterThan(0);
      const { filters, title, across } = searchFiltersOf(snapshot, clustered);
      expect(title).not.toBe('');
      const { rows, empty } = await walkLists(filters, 4);
      expect(rows).toBeGreaterThan(0);
      // Each kind of needle must also find something, or the test would pass on empty pages.
      for (const filter of [{ q: title.replace('k', '\u212a') }, { topic_q: across }]) {
        const page = await corpusEpisodePageFromIndex(index.db, filter, { limit: 1 });
        expect(page.items).toHaveLength(1);
      }
      expect(empty).toBeGreaterThan(0);
    });

    // About six queries per episode: a thousand episodes take a while on a loaded machine.
    it('answers every episode page and insight list as the snapshot does', async () => {
      let quotes = 0;
      for (const { slug } of snapshot.episodes) {
        expect(await episodeDetailFromIndex(index.db, slug)).toEqual(
          episodeDetailFromSnapshot(snapshot, slug),
        );
        const insights = await insightListFromIndex(index.db, slug);
        expect(insights).toEqual(insightListFromSnapshot(snapshot, slug));
        quotes += insights?.items.reduce((n, item) => n + item.quotes.length, 0) ?? 0;
      }
      expect(quotes).toBeGreaterThan(0);
    }, 120_000);

    it('lists the feeds, the shows and every ranked speaker as the snapshot does', async () => {
      expect(await corpusFeedsFromIndex(index.db)).toEqual(corpusFeedsOf(snapshot));
      expect(await podcastListFromIndex(index.db)).toEqual(podcastListOf(snapshot));
      const ranked = await topPersonsOf(snapshot);
      expect(ranked.length).toBeGreaterThan(1);
      expect(await topPersonsFromIndex(index.db, ranked.length + 1)).toEqual(ranked);
      expect(await topPersonsFromIndex(index.db, 2)).toEqual(ranked.slice(0, 2));
    });

    it("answers every episode's viewer detail, topic pills included, as the snapshot does", async () => {
      const place = registry.at(snapshot.root);
      let pills = 0;
      for (const episode of snapshot.episodes) {
        const expected = corpusEpisodeDetail(
          snapshot,
          episode,
          await episodeTopicPills(snapshot, episode),
        );
        expect(
          await corpusEpisodeDetailFromIndex(index.db, place, episode.metadata_relpath),
        ).toEqual(expected);
        pills += expected.cil_digest_topics.length;
      }
      expect(pills).toBeGreaterThan(0);
      expect(
        await corpusEpisodeDetailFromIndex(index.db, place, 'no/such/metadata.json'),
      ).toBeUndefined();
    }, 120_000);

    it('makes every digest of several windows and clocks as the snapshot does', async () => {
      const bands = await bandsOf(snapshot);
      const clusters = await readTopicClusterIndex(registry.at(snapshot.root));
      let rows = 0;
      let bandRows = 0;
      let clustered = 0;
      for (const request of digestRequestsOf(snapshot)) {
        const full = { ...request, bands, clusters };
        const expected = await buildCorpusDigest(snapshot, full);
        expect(await corpusDigestFromIndex(index.db, full)).toEqual(expected);
        rows += expected.rows.length;
        bandRows += expected.topic_bands.reduce((n, band) => n + band.rows.length, 0);
        clustered += expected.rows.filter((row) =>
          row.cil_digest_topics?.some((topic) => topic.in_topic_cluster),
        ).length;
      }
      // Rows, bands and cluster marks all occur, or equal answers would prove little.
      expect(rows).toBeGreaterThan(0);
      expect(bandRows).toBeGreaterThan(0);
      expect(clustered).toBeGreaterThan(0);
    });

    it('ranks trending topics and persons at several clocks as the snapshot does', async () => {
      const days = [...new Set(snapshot.episodes.map((e) => e.publish_date))].filter(
        (d) => d !== null,
      );
      const [newest = '', oldest = ''] = [days[0], days.at(-1)];
      // Ten publish days across the corpus, and clocks past its end and before its start.
      const step = Math.max(1, Math.floor(days.length / 10));
      const clocks = days.filter((_, i) => i % step === 0).map((day) => clockAt(day));
      clocks.push(clockAt(newest, 20), clockAt(newest, 45), clockAt(oldest, -1));
      let persons = 0;
      let previous = 0;
      for (const now of clocks) {
        const full = await corpusTrendingFromIndex(index.db, now);
        for (const limit of [1, 10, 50]) {
          const expected = corpusTrending(snapshot, now, limit);
          expect(limitTrending(full, limit)).toEqual(expected);
        }
        const whole = corpusTrending(snapshot, now, 100_000);
        expect(full).toEqual(whole);
        persons += whole.persons.length;
        previous += [...whole.topics, ...whole.persons].filter(
          (row) => row.previous_count > 0,
        ).length;
      }
      expect(persons).toBeGreaterThan(0);
      // No entity of the sample spans both periods; the generated corpus and the named copy carry some over.
      expect(previous > 0).toBe(rootOf() !== SAMPLE_CORPUS_DIR);
    });

    it("makes every show's feed signals as the snapshot does", async () => {
      const feeds = [...snapshot.feeds.map((feed) => feed.feed_id), 'no-such-feed'];
      let topics = 0;
      for (const feedId of feeds) {
        for (const [topK, maxEpisodes] of [
          [10, 100],
          [1, 1],
          [50, 3],
          [50, 500],
        ] as const) {
          const options = { topK, maxEpisodes };
          const expected = feedSignals(snapshot, feedId, options);
          expect(await feedSignalsFromIndex(index.db, feedId, options)).toEqual(expected);
          topics += expected?.topics.length ?? 0;
        }
      }
      expect(topics).toBeGreaterThan(0);
    });

    it('counts the corpus stats as the snapshot does', async () => {
      const expected = corpusStatsOf(snapshot);
      expect(Object.keys(expected.publish_month_histogram).length).toBeGreaterThan(1);
      expect(await corpusStatsFromIndex(index.db)).toEqual(expected);
      // toEqual ignores key order: the histogram lists its months oldest first.
      expect(Object.keys((await corpusStatsFromIndex(index.db)).publish_month_histogram)).toEqual(
        Object.keys(expected.publish_month_histogram),
      );
    });

    it('counts the GI/KG coverage by month and feed as the snapshot does', async () => {
      const expected = corpusCoverageOf(snapshot);
      expect(expected.by_month.length).toBeGreaterThan(1);
      expect(expected.by_feed.length).toBeGreaterThan(1);
      expect(expected.total.with_gi).toBeGreaterThan(0);
      // The same bytes: the months, the feeds and each row's keys in the same order.
      expect(JSON.stringify(await corpusCoverageFromIndex(index.db))).toBe(
        JSON.stringify(expected),
      );
    });

    it("answers every topic's persons, timeline, arc and perspectives and every person's topics and brief as the graph index does", async () => {
      const graph = await graphIndexOf(snapshot);
      const place = registry.at(snapshot.root);
      const topics = [...graph.byTopic.keys()];
      const persons = [...graph.bySpeaker.keys()];
      expect(topics.length).toBeGreaterThan(1);
      expect(persons.length).toBeGreaterThan(1);
      let sentiments = 0;
      let weeks = 0;
      let groups = 0;
      for (const [at, topic] of [...topics, 'no-such-topic'].entries()) {
        expect(await topicPersonsFromIndex(index.db, topic)).toEqual(
          await topicPersons(graph, topic),
        );
        const sentimentOf = await sentimentLookup(place, graph.byTopic.get(topic) ?? []);
        // Every topic's whole timeline; a type filter on a few (it is the same condition for all).
        for (const types of at < 5 ? (['all', ['claim']] as const) : (['all'] as const)) {
          const expected = topicTimeline(graph, { topics: [topic], types }, sentimentOf);
          expect(await topicTimelineFromIndex(index.db, { topics: [topic], types })).toEqual(
            expected,
          );
          const items = expected.episodes.flatMap((e) => e.insights);
          sentiments += items.filter((item) => item.sentiment !== undefined).length;
          const arc = conversationArc(graph, { topic, types }, sentimentOf);
          expect(await conversationArcFromIndex(index.db, { topic, types })).toEqual(arc);
          weeks += arc.weeks.filter((week) => week.avg_compound !== null).length;
        }
        for (const scope of ['person', 'show'] as const) {
          const expected = topicPerspectives(graph, { topic, scope }, sentimentOf);
          expect(await topicPerspectivesFromIndex(index.db, { topic, scope })).toEqual(expected);
          groups += expected.perspectives.length;
        }
      }
      expect(sentiments).toBeGreaterThan(0);
      expect(weeks).toBeGreaterThan(0);
      expect(groups).toBeGreaterThan(topics.length);
      // A merged timeline: bare names, a repeat and an unknown id, as a request may send them.
      const merged = [topics[0], topics[1], topics[0], 'no-such-topic'].map((t) =>
        (t as string).replace(/^topic:/, ''),
      );
      const mergedItems = merged.flatMap((t) => graph.byTopic.get(`topic:${t}`) ?? []);
      expect(await topicTimelineFromIndex(index.db, { topics: merged, types: 'all' })).toEqual(
        topicTimeline(
          graph,
          { topics: merged, types: 'all' },
          await sentimentLookup(place, mergedItems),
        ),
      );
      let quotes = 0;
      for (const person of [...persons, 'person:no-such-person']) {
        expect(await personTopicsFromIndex(index.db, person)).toEqual(personTopics(graph, person));
        const sentimentOf = await sentimentLookup(place, graph.bySpeaker.get(person) ?? []);
        const brief = personBrief(graph, person, sentimentOf);
        expect(await personBriefFromIndex(index.db, person)).toEqual(brief);
        quotes += brief.quotes.length;
      }
      expect(quotes).toBeGreaterThan(0);
      for (const limit of [1, 20, topics.length + 1]) {
        const leaders = await perspectiveLeaders(graph, limit);
        expect(await perspectiveLeadersFromIndex(index.db, limit)).toEqual(leaders);
        expect(leaders.topics.some((topic) => topic.leaders.length === 3)).toBe(true);
      }
    }, 120_000);

    it("answers every person's positions on each of their topics as the graph index does", async () => {
      const graph = await graphIndexOf(snapshot);
      const place = registry.at(snapshot.root);
      let items = 0;
      for (const [person, list] of graph.bySpeaker) {
        const sentimentOf = await sentimentLookup(place, list);
        const topics = [...new Set(list.flatMap((item) => item.topics))];
        for (const topic of [...topics, 'no-such-topic']) {
          for (const types of ['all', ['claim', 'question']] as const) {
            const query = { person, topic, types };
            const expected = personPositions(graph, query, sentimentOf);
            expect(await personPositionsFromIndex(index.db, query)).toEqual(expected);
            items += expected.items.length;
          }
        }
      }
      expect(items).toBeGreaterThan(0);
      const unknown = { person: 'nobody', topic: 'nothing', types: 'all' } as const;
      expect(await personPositionsFromIndex(index.db, unknown)).toEqual(
        personPositions(graph, unknown, () => undefined),
      );
    }, 120_000);

    it("lists every show's graph-eligible episodes at several caps as the graph index does", async () => {
      const graph = await graphIndexOf(snapshot);
      const feedIds = snapshot.feeds.map((feed) => feed.feed_id);
      const podcasts = [...feedIds, ` ${feedIds[0]} `, 'no-such-feed', ''];
      let listed = 0;
      for (const podcast of podcasts) {
        for (const k of [1, 3, 200]) {
          const expected = podcastEpisodes(graph, podcast, k);
          expect(await podcastEpisodesFromIndex(index.db, podcast, k)).toEqual(expected);
          listed += expected.length;
        }
      }
      expect(listed).toBeGreaterThan(feedIds.length);
      // Some episodes lack a layer, so the list is not the feed's whole catalog.
      expect(graph.episodes.length).toBeLessThan(snapshot.episodes.length);
    });

    it("relates every topic's and every speaker's neighbours, who said what and each show's strongest as the graph index does", async () => {
      const graph = await graphIndexOf(snapshot);
      const topics = [...graph.byTopic.keys()];
      const persons = [...graph.bySpeaker.keys()];
      let related = 0;
      for (const topic of [...topics, topics[0]?.replace(/^topic:/, '') ?? '', 'no-such-topic']) {
        for (const k of [2, 200]) {
          const expected = relatedTopics(graph, topic, k);
          expect(await relatedTopicsFromIndex(index.db, topic, k)).toEqual(expected);
          related += expected.length;
          // Group order is the answer's key order, which toEqual does not check.
          const groups = whoSaid(graph, topic, k);
          expect(JSON.stringify(await whoSaidFromIndex(index.db, topic, k))).toBe(
            JSON.stringify(groups),
          );
          related += Object.keys(groups).length;
          for (const perShow of [1, 20]) {
            expect(JSON.stringify(await crossShowFromIndex(index.db, topic, perShow, k))).toBe(
              JSON.stringify(crossShow(graph, topic, perShow, k)),
            );
          }
        }
      }
      for (const person of [...persons, 'nobody']) {
        for (const k of [2, 200]) {
          const expected = coSpeakers(graph, person, k);
          expect(await coSpeakersFromIndex(index.db, person, k)).toEqual(expected);
          related += expected.length;
        }
      }
      expect(related).toBeGreaterThan(topics.length);
    });

    it("lists sampled episodes' insights and topics by id, slug and path as the graph index does", async () => {
      const graph = await graphIndexOf(snapshot);
      const byEpisode = (id: string) =>
        snapshot.findEpisodeById(id) ??
        snapshot.findEpisodeBySlug(id) ??
        snapshot.findEpisodeByRelpath(id);
      // About forty episodes of each corpus: the id lookup walks the catalog order.
      const step = Math.max(1, Math.floor(snapshot.episodes.length / 40));
      const sampled = snapshot.episodes.filter((_, at) => at % step === 0);
      const names = sampled.flatMap((e) => [
        e.metadata_relpath,
        e.slug,
        ...(e.episode_id === null ? [] : [e.episode_id, `episode:${e.episode_id}`]),
      ]);
      let listed = 0;
      for (const name of [...names, 'no-such-episode']) {
        for (const k of [2, 200]) {
          const insights = episodeInsights(graph, byEpisode(name), k);
          expect(await episodeInsightsFromIndex(index.db, name, k)).toEqual(insights);
          const topics = episodeTopics(graph, byEpisode(name), k);
          expect(await episodeTopicsFromIndex(index.db, name, k)).toEqual(topics);
          listed += insights.length + topics.length;
        }
      }
      expect(listed).toBeGreaterThan(names.length);
    });

    it('finds the episode of every insight id, shown or not, as a scan of the snapshot does', async () => {
      // The first episode in snapshot order whose graph holds the id, as the scan finds it;
      // the last, as ask's map filled by the scan keeps it.
      const first = new Map<string, string>();
      const last = new Map<string, string>();
      let hidden = 0;
      for (const episode of snapshot.episodes) {
        const graph = snapshot.graphOf(episode);
        const shown = new Set(graph ? projectInsights(graph).map((insight) => insight.id) : []);
        for (const insight of graph?.insights ?? []) {
          hidden += shown.has(insight.id) ? 0 : 1;
          if (!first.has(insight.id)) {
            first.set(insight.id, episode.slug);
          }
          last.set(insight.id, episode.slug);
        }
      }
      // Asked 64 at a time and compared at once. SQLite is asked every id; PostgreSQL, whose
      // round trips made this seconds long, every id held by two episodes (where first and
      // last differ, by the engine's order) and every tenth of the rest.
      const ids = [...first.keys()].filter(
        (id, at) => dialect === 'sqlite' || first.get(id) !== last.get(id) || at % 10 === 0,
      );
      const found: Array<[string, string | undefined, string | undefined]> = [];
      for (let start = 0; start < ids.length; start += 64) {
        const chunk = ids.slice(start, start + 64);
        found.push(
          ...(await Promise.all(
            chunk.map(
              async (id): Promise<[string, string | undefined, string | undefined]> => [
                id,
                (await findEpisodeOfInsight(index.db, id))?.slug,
                (await findEpisodeOfInsight(index.db, id, 'last'))?.slug,
              ],
            ),
          )),
        );
      }
      expect(found).toEqual(ids.map((id) => [id, first.get(id), last.get(id)]));
      expect(await findEpisodeOfInsight(index.db, 'insight:nowhere', 'last')).toBeUndefined();
      expect(await findEpisodeOfInsight(index.db, 'insight:nowhere')).toBeUndefined();
      expect(first.size).toBeGreaterThan(0);
      expect(hidden).toBeGreaterThan(0);
    });

    it('gives the insight and quote texts ask weighs its terms by, as the snapshot holds them', async () => {
      const texts = snapshot.episodes.flatMap((episode) => {
        const graph = episode.has_gi ? snapshot.graphOf(episode) : undefined;
        return [
          ...(graph?.insights ?? []).map((insight) => insight.text),
          ...(graph?.quotes ?? []).map((quote) => quote.text),
        ];
      });
      expect(texts.length).toBeGreaterThan(0);
      const readAll = async (pageSize?: number) => {
        const read: string[] = [];
        for await (const text of queryTermTexts(index.db, pageSize)) {
          read.push(text);
        }
        return read;
      };
      const read = await readAll();
      expect(read.sort()).toEqual(texts.sort());
      // A few episodes a page: the pages join to the same texts.
      expect((await readAll(7)).sort()).toEqual(read);
      // The writer's running counts are those texts' document frequencies, stem by stem.
      const { documents, counts } = termDocumentsOf(texts);
      const stems = [...counts.keys()];
      const indexed = await queryTermCounts(index.db, [...stems, 'nowhereword']);
      expect(indexed.documents).toBe(documents);
      expect([...indexed.counts].sort()).toEqual([...counts].sort());
    });

    it("gives every episode's notification content as the snapshot's signals and shown insights hold it", async () => {
      const expected = episodeContentsOf(snapshot, 3);
      const rows = await queryEpisodeContent(index.db, 3);
      const bySlug = (list: Array<{ episode: { slug: string } }>) =>
        [...list].sort((a, b) => (a.episode.slug < b.episode.slug ? -1 : 1));
      expect(rows.some((row) => row.insights.length === 3)).toBe(true);
      expect(rows.some((row) => row.persons.length > 0)).toBe(true);
      expect(bySlug(rows)).toEqual(bySlug(expected));
      // Read a few episodes at a time, the pages join to the same rows.
      expect(await queryEpisodeContent(index.db, 3, { pageSize: 7 })).toEqual(rows);
    });

    it("gives the notification content of the episodes a tick's filter names as the snapshot's filter does", async () => {
      const all = episodeContentsOf(snapshot, 3);
      const days = all.flatMap((row) => row.episode.publish_date ?? []).sort();
      const since = days[Math.floor((days.length * 3) / 4)] as string;
      // A feed, a slug, a topic and a person of episodes the day leaves out.
      const older = all.filter((row) => (row.episode.publish_date ?? '') < since);
      const filter = {
        since,
        feeds: [older[0]?.episode.feed_id ?? 'no-feed'],
        slugs: [older.at(-1)?.episode.slug ?? 'no-slug', 'no-such-slug'],
        topics: [older.at(-2)?.topics[0] ?? 'topic:none'],
        persons: [older.findLast((row) => row.persons.length > 0)?.persons[0] ?? 'person:none'],
      };
      const expected = episodeContentsOf(snapshot, 3, filter);
      const rows = await queryEpisodeContent(index.db, 3, { filter });
      const bySlug = (list: Array<{ episode: { slug: string } }>) =>
        [...list].sort((a, b) => (a.episode.slug < b.episode.slug ? -1 : 1));
      expect(bySlug(rows)).toEqual(bySlug(expected));
      expect(rows.length).toBeGreaterThan(days.filter((day) => day >= since).length);
      expect(rows.length).toBeLessThan(all.length);
      expect(await queryEpisodeContent(index.db, 3, { filter, pageSize: 7 })).toEqual(rows);
      // Nothing named and no day reached: no episode.
      const none = { since: '9999-01-01', feeds: [], slugs: [], topics: [], persons: [] };
      expect(await queryEpisodeContent(index.db, 3, { filter: none })).toEqual([]);
      expect(episodeContentsOf(snapshot, 3, none)).toEqual([]);
    });

    it("answers every insight's entities, detail and related insights and every topic's entities as the graph index does", async () => {
      const graph = await graphIndexOf(snapshot);
      // A third of the insights ranked, ranks repeating: ties fall to the structural order.
      const ranks = new Map(
        graph.insights
          .filter((_, at) => at % 3 === 0)
          .map((item, at) => [insightRankKey(item.episode.episode_id, item.id), at % 7] as const),
      );
      const rankers: InsightRanker[] = [async () => undefined, async () => ranks];
      const insightIds = [...new Set(graph.insights.map((item) => item.id))];
      const step = Math.max(1, Math.floor(insightIds.length / 150));
      const sampled = insightIds.filter((_, at) => at % step === 0);
      let listed = 0;
      for (const id of [...sampled, ` ${sampled[0]} `, 'no-such-insight']) {
        for (const k of [2, 200]) {
          const entities = entitiesIn(graph, id, k);
          expect(await entitiesInFromIndex(index.db, id, k)).toEqual(entities);
          const detail = insightDetail(graph, id, k);
          expect(await insightDetailFromIndex(index.db, id, k)).toEqual(detail);
          listed += entities.length + detail.length;
        }
        const selection = await relatedInsightsFromIndex(index.db, id);
        for (const ranker of rankers) {
          const expected = await rankSelection(relatedInsights(graph, id), ranker, 200);
          const { candidates, query } = selection;
          expect(await rankCandidates(candidates, query, ranker, 200, INSIGHT_CANDIDATES)).toEqual(
            expected,
          );
          listed += expected.items.length;
        }
      }
      const topics = [...graph.byTopic.keys()];
      for (const topic of [...topics, topics[0]?.replace(/^topic:/, '') ?? '', 'no-such-topic']) {
        for (const k of [2, 200]) {
          const expected = topicEntities(graph, topic, k);
          expect(await topicEntitiesFromIndex(index.db, topic, k)).toEqual(expected);
          listed += expected.length;
        }
      }
      expect(listed).toBeGreaterThan(sampled.length * 4);
    }, 120_000);

    it("answers every person's and entity's insights, ranked and not, as the graph index does", async () => {
      const graph = await graphIndexOf(snapshot);
      const ranks = new Map(
        graph.insights
          .filter((_, at) => at % 2 === 0)
          .map((item, at) => [insightRankKey(item.episode.episode_id, item.id), at % 5] as const),
      );
      const rankers: InsightRanker[] = [async () => undefined, async () => ranks];
      const persons = [...graph.bySpeaker.keys()];
      const nodes = [...graph.byNode.keys()];
      const bare = (id: string) => id.slice(id.indexOf(':') + 1);
      let listed = 0;
      const same = async (
        expected: ReturnType<typeof statedBy>,
        found: Awaited<ReturnType<typeof statedByFromIndex>>,
      ) => {
        expect(found.query).toBe(expected.query);
        for (const ranker of rankers) {
          const answer = await rankSelection(expected, ranker, 200);
          const { candidates, query } = found;
          expect(await rankCandidates(candidates, query, ranker, 200, INSIGHT_CANDIDATES)).toEqual(
            answer,
          );
          listed += answer.items.length;
        }
      };
      for (const person of [...persons, bare(persons[0] ?? ''), 'nobody']) {
        await same(statedBy(graph, person), await statedByFromIndex(index.db, person));
      }
      // Bare names: the named copy has a person and a topic `shift-work`, and an org.
      const names = [...nodes.slice(0, 5).map(bare), 'shift-work', 'acme-sleep-lab', 'nothing'];
      for (const node of [...nodes, ...names]) {
        await same(insightsAbout(graph, node), await insightsAboutFromIndex(index.db, node));
      }
      expect(listed).toBeGreaterThan(nodes.length);
    }, 120_000);

    it("finds every node's episodes at several limits as the snapshot does", async () => {
      const graph = await graphIndexOf(snapshot);
      const nodes = [...graph.byNode.keys()];
      const step = Math.max(1, Math.floor(nodes.length / 200));
      const sampled = nodes.filter((_, at) => at % step === 0);
      const unnamed = snapshot.episodes
        .flatMap((e) => snapshot.graphOf(e)?.quotes.map((q) => q.speaker_id) ?? [])
        .find((id) => id?.startsWith('person:speaker-'));
      const orgs = nodes.filter((id) => id.startsWith('org:')).slice(0, 3);
      let found = 0;
      for (const node of [
        ...sampled,
        ...orgs,
        ...(unnamed ? [unnamed, unnamed.replace('person:', 'speaker:')] : []),
        'topic:no-such-node',
      ]) {
        for (const limit of [1, 3, 1000]) {
          const expected = await findNodeEpisodes(snapshot, node, limit);
          expect(await nodeEpisodesFromIndex(index.db, node, limit)).toEqual(expected);
          found += expected.items.length;
        }
      }
      expect(found).toBeGreaterThan(sampled.length);
    }, 120_000);

    it('looks every show up by feed URL and every episode by GUID and enclosure URL as the snapshot does', async () => {
      expect(await listFeedSyncUrls(index.db)).toEqual(
        snapshot.feeds.map((feed) => {
          const sync = feedSyncUrlOf(feed);
          return { feed_id: feed.feed_id, url: sync?.url ?? null, key: sync?.key ?? null };
        }),
      );
      const bare = snapshot.episodes.flatMap((e) => e.episode_id ?? []);
      // Each batch alone: an id found bare must not help its prefixed spelling.
      for (const ids of [
        bare,
        bare.map((id) => `episode:${id}`),
        bare.map((id) => `kg:${id}`),
        ['no-such-guid', 'episode:no-such-guid', ''],
      ]) {
        const byId = new Map(
          ids.flatMap((id) => {
            const episode = snapshot.findEpisodeById(id);
            return episode === undefined ? [] : [[id, episode] as const];
          }),
        );
        expect(await findEpisodesByIds(index.db, ids)).toEqual(byId);
        expect(byId.size).toBe(ids[0] === 'no-such-guid' ? 0 : ids.length);
      }
      const byKey = new Map<string, unknown>();
      for (const episode of snapshot.episodes) {
        const key = episode.media_url === null ? undefined : syncUrlKeyOf(episode.media_url);
        if (key !== undefined && !byKey.has(key)) {
          byKey.set(key, episode);
        }
      }
      const keys = [...byKey.keys(), 'no-such.example/e.mp3'];
      expect(await findEpisodesByMediaKeys(index.db, keys)).toEqual(byKey);
    });

    it('knows no episode for an unknown slug', async () => {
      expect(await episodeDetailFromIndex(index.db, 'no-such-slug')).toBeUndefined();
      expect(await insightListFromIndex(index.db, 'no-such-slug')).toBeUndefined();
    });
  });
});

/**
 * Every topic's timeline, arc and perspectives and every person's brief and
 * positions on the index, each the same bytes as the graph index answers
 * with the sidecars as they are now; returns those answers.
 */
async function sameGraphAnswers(db: IndexKysely, registry: CorpusRegistry, root: string) {
  const graph = await graphIndexOf(await registry.get(root));
  const place = registry.at(root);
  const same = (actual: unknown, expected: unknown) => {
    // The same bytes; on a difference, the two answers are shown as objects.
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      expect(actual).toStrictEqual(expected);
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    }
    return expected;
  };
  const answers: unknown[] = [];
  for (const [topic, items] of graph.byTopic) {
    const sentimentOf = await sentimentLookup(place, items);
    const query = { topic, types: 'all' } as const;
    answers.push(
      same(
        await topicTimelineFromIndex(db, { topics: [topic], types: 'all' }),
        topicTimeline(graph, { topics: [topic], types: 'all' }, sentimentOf),
      ),
      same(await conversationArcFromIndex(db, query), conversationArc(graph, query, sentimentOf)),
      same(
        await topicPerspectivesFromIndex(db, { topic, scope: 'show' }),
        topicPerspectives(graph, { topic, scope: 'show' }, sentimentOf),
      ),
    );
  }
  for (const [person, items] of graph.bySpeaker) {
    const sentimentOf = await sentimentLookup(place, items);
    answers.push(
      same(await personBriefFromIndex(db, person), personBrief(graph, person, sentimentOf)),
    );
    for (const topic of new Set(items.flatMap((item) => item.topics))) {
      const query = { person, topic, types: 'all' } as const;
      answers.push(
        same(await personPositionsFromIndex(db, query), personPositions(graph, query, sentimentOf)),
      );
    }
  }
  return JSON.stringify(answers);
}

describe.each(DIALECTS)(
  'a sentiment sidecar written, changed and removed after the first build, on %s',
  (dialect) => {
    it('is read into the graph answers from the watcher events alone, as the projection reads it', async () => {
      const root = copySampleCorpusTo(path.join(scratch.dir, `sidecars-${dialect}`));
      // Files older than the racy window, so that a full ingest finds nothing to read again.
      const age = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            age(file);
          } else if (entry.isFile()) {
            utimesSync(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
          }
        }
      };
      age(root);
      const { logger, lines } = memoryLogger();
      const registry = createCorpusRegistry({ logger, watch: false });
      // The sidecar of an episode some graph answer shows with its sentiment.
      const graph = await graphIndexOf(await registry.get(root));
      const shown = [...graph.byTopic.values()].flat();
      const sentimentOf = await sentimentLookup(registry.at(root), shown);
      const felt = shown.find((item) => sentimentOf(item) !== undefined);
      const relpath = sentimentSidecarOf(felt?.episode.metadata_relpath as string);
      const enrichmentsDir = path.posix.dirname(relpath);
      const metadataDir = path.posix.dirname(enrichmentsDir);
      const name = path.posix.basename(relpath);
      const sidecar = path.join(root, enrichmentsDir, name);
      const envelope = JSON.parse(readFileSync(sidecar, 'utf8'));
      const entries = envelope.data.insights as Array<{ compound: number; label: string }>;
      expect(entries.length).toBeGreaterThan(0);
      const past = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const write = (compound: number, label: string, minutes: number) => {
        const data = {
          ...envelope.data,
          insights: entries.map((entry) => ({ ...entry, compound, label })),
        };
        writeFileSync(sidecar, JSON.stringify({ ...envelope, data }));
        utimesSync(sidecar, past(minutes), past(minutes));
      };
      // The first build sees the folder without its enrichments/, as before any enrichment ran.
      renameSync(path.join(root, enrichmentsDir), path.join(scratch.dir, `enrichments-${dialect}`));
      const target = await indexTarget(
        dialect,
        path.join(scratch.dir, `sidecars-${dialect}.sqlite`),
      );
      const index = await target.openWriter(logger);
      try {
        const deps = { db: index.db, root, logger };
        let listings = (await ingestWalk(deps)).dirs;
        const afterEvents = async (events: Array<[string, string, boolean]>) => {
          const marks = { dirtyFiles: new Set<string>(), dirtyDirs: new Set<string>() };
          for (const [dir, file, isRename] of events) {
            expect(noteIndexWatchEvent(marks, dir, file, isRename)).toBe(true);
          }
          const { report, walk } = await ingestChanges(deps, listings, marks);
          listings = walk.dirs;
          expect(report.episodesBuilt).toBe(1);
          return sameGraphAnswers(index.db, registry, root);
        };
        const bare = await sameGraphAnswers(index.db, registry, root);
        // Written: enrichment makes the folder's enrichments/ and renames the sidecar into it,
        // which the watcher of the metadata folder reports as the new folder alone.
        mkdirSync(path.join(root, enrichmentsDir));
        write(0.5, 'positive', 30);
        const written = await afterEvents([[metadataDir, 'enrichments', true]]);
        expect(written === bare).toBe(false);
        expect(written.includes('{"compound":0.5,"label":"positive"}')).toBe(true);
        // Changed in place, then renamed over (an atomic write).
        write(-0.25, 'negative', 20);
        const changed = await afterEvents([[enrichmentsDir, name, false]]);
        expect(changed === written).toBe(false);
        expect(changed.includes('{"compound":-0.25,"label":"negative"}')).toBe(true);
        write(-0.75, 'negative', 10);
        const renamed = await afterEvents([[enrichmentsDir, name, true]]);
        expect(renamed.includes('{"compound":-0.75,"label":"negative"}')).toBe(true);
        // Another enricher's file in the folder changes nothing the index holds.
        expect(
          noteIndexWatchEvent(
            { dirtyFiles: new Set(), dirtyDirs: new Set() },
            enrichmentsDir,
            'x.summary.json',
            true,
          ),
        ).toBe(false);
        rmSync(sidecar);
        expect((await afterEvents([[enrichmentsDir, name, true]])) === bare).toBe(true);
        // A full ingest finds nothing left to do.
        expect(await ingestCorpus(deps)).toMatchObject({
          changedFiles: 0,
          removedFiles: 0,
          episodesBuilt: 0,
          episodesDeleted: 0,
        });
        expect((await sameGraphAnswers(index.db, registry, root)) === bare).toBe(true);
        // The rescan reads a sidecar the watcher did not report.
        write(0.5, 'positive', 5);
        expect(await ingestCorpus(deps)).toMatchObject({ changedFiles: 1, episodesBuilt: 1 });
        expect((await sameGraphAnswers(index.db, registry, root)) === written).toBe(true);
        expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
      } finally {
        registry.close();
        await index.close();
        await target.remove();
      }
    }, 120_000);
  },
);
