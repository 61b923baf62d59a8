import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type CatalogFilter,
  type CorpusRegistry,
  type CorpusSnapshot,
  conversationArc,
  corpusEpisodeDetail,
  corpusFeedsOf,
  episodeDetailFromSnapshot,
  episodeListFromSnapshot,
  episodeTopicPills,
  graphIndexOf,
  insightListFromSnapshot,
  pageCorpusEpisodes,
  personBrief,
  personPositions,
  personTopics,
  perspectiveLeaders,
  podcastListOf,
  sentimentLookup,
  topicPersons,
  topicPerspectives,
  topicTimeline,
  topPersonsOf,
} from '@podcast/corpus';
import { generateCorpus } from '@podcast/corpus-generator';
import {
  ANSWER_CORPUS,
  copyOfGenerated,
  createScratch,
  memoryLogger,
  SAMPLE_CORPUS_DIR,
  type Scratch,
} from '@podcast/testing';
import {
  conversationArcFromIndex,
  corpusEpisodeDetailFromIndex,
  corpusEpisodePageFromIndex,
  corpusFeedsFromIndex,
  episodeDetailFromIndex,
  episodeListFromIndex,
  type IndexHandle,
  insightListFromIndex,
  personBriefFromIndex,
  personPositionsFromIndex,
  personTopicsFromIndex,
  perspectiveLeadersFromIndex,
  podcastListFromIndex,
  queryCatalogAfter,
  topicPersonsFromIndex,
  topicPerspectivesFromIndex,
  topicTimelineFromIndex,
  topPersonsFromIndex,
} from '../src/index.js';
import {
  buildIndex,
  DIALECTS,
  type IndexTarget,
  indexTarget,
  loadSnapshot,
} from './index-fixture.js';

const scratch: Scratch = createScratch('corpus-index-answers');
const generated = path.join(scratch.dir, 'generated');

afterAll(() => scratch.remove());

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
      target = await indexTarget(dialect, path.join(scratch.dir, `${episodes}.sqlite`));
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
      let rows = 0;
      for (const filter of filters) {
        for (const limit of [1, 7, 50]) {
          let cursor: string | undefined;
          for (let page = 0; page < 6; page++) {
            const request = { cursor, limit };
            const expected = pageCorpusEpisodes(snapshot, { filter, ...request });
            expect(await corpusEpisodePageFromIndex(index.db, filter, request)).toEqual(expected);
            rows += expected.items.length;
            if (expected.next_cursor === null) {
              break;
            }
            cursor = expected.next_cursor;
          }
        }
      }
      expect(rows).toBeGreaterThan(0);
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
          expect(await topicTimelineFromIndex(index.db, place, { topics: [topic], types })).toEqual(
            expected,
          );
          const items = expected.episodes.flatMap((e) => e.insights);
          sentiments += items.filter((item) => item.sentiment !== undefined).length;
          const arc = conversationArc(graph, { topic, types }, sentimentOf);
          expect(await conversationArcFromIndex(index.db, place, { topic, types })).toEqual(arc);
          weeks += arc.weeks.filter((week) => week.avg_compound !== null).length;
        }
        for (const scope of ['person', 'show'] as const) {
          const expected = topicPerspectives(graph, { topic, scope }, sentimentOf);
          expect(await topicPerspectivesFromIndex(index.db, place, { topic, scope })).toEqual(
            expected,
          );
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
      expect(
        await topicTimelineFromIndex(index.db, place, { topics: merged, types: 'all' }),
      ).toEqual(
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
        expect(await personBriefFromIndex(index.db, place, person)).toEqual(brief);
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
            expect(await personPositionsFromIndex(index.db, place, query)).toEqual(expected);
            items += expected.items.length;
          }
        }
      }
      expect(items).toBeGreaterThan(0);
      const unknown = { person: 'nobody', topic: 'nothing', types: 'all' } as const;
      expect(await personPositionsFromIndex(index.db, place, unknown)).toEqual(
        personPositions(graph, unknown, () => undefined),
      );
    }, 120_000);

    it('knows no episode for an unknown slug', async () => {
      expect(await episodeDetailFromIndex(index.db, 'no-such-slug')).toBeUndefined();
      expect(await insightListFromIndex(index.db, 'no-such-slug')).toBeUndefined();
    });
  });
});
