// Child process for the corpus-index bench: the p50/p99 of the catalog
// queries, today's snapshot functions and the SQLite index side by side,
// interleaved call by call so machine noise falls on both.
import {
  conversationArc,
  createCorpusRegistry,
  episodeDetailFromSnapshot,
  episodeListFromSnapshot,
  graphIndexOf,
  insightListFromSnapshot,
  personBrief,
  personPositions,
  personTopics,
  perspectiveLeaders,
  sentimentLookup,
  topicPersons,
  topicPerspectives,
  topicTimeline,
} from '@podcast/corpus';
import {
  conversationArcFromIndex,
  episodeDetailFromIndex,
  episodeListFromIndex,
  insightListFromIndex,
  openIndexReader,
  personBriefFromIndex,
  personPositionsFromIndex,
  personTopicsFromIndex,
  perspectiveLeadersFromIndex,
  topicPersonsFromIndex,
  topicPerspectivesFromIndex,
  topicTimelineFromIndex,
} from '@podcast/corpus-index';
import { pino } from 'pino';

const [root, file, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 2000);
const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
const snapshot = await registry.warm(root);
const reader = openIndexReader(file);

// A fixed pseudo-random sequence, so both stores get the same requests.
let seed = 7;
const pick = (items) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return items[seed % items.length];
};

const feeds = snapshot.feeds.map((f) => f.feed_id);
const slugs = snapshot.episodes.map((e) => e.slug);
const QUERIES = {
  'newest 50': () => ({ filter: {}, page: 1 }),
  'newest 50 of one feed': () => ({ filter: { feedId: pick(feeds) }, page: 1 }),
  'newest 50 ready': () => ({ filter: { status: 'ready' }, page: 1 }),
  'page 100 of 50 (offset 4,950)': () => ({ filter: {}, page: 100 }),
};

// The graph queries as their routes answer them: the snapshot's graph index
// (built before the clock starts) with the sidecars' sentiment, and the index.
const graph = await graphIndexOf(snapshot);
const place = registry.at(root);
const topics = [...graph.byTopic.keys()];
const persons = [...graph.bySpeaker.keys()];
const positionPairs = persons.flatMap((person) =>
  [...new Set((graph.bySpeaker.get(person) ?? []).flatMap((item) => item.topics))].map((topic) => ({
    person,
    topic,
  })),
);
const CLAIMS = ['claim'];

const snapshotSide = {
  topicPersons: (topic) => topicPersons(graph, topic),
  personTopics: async (person) => personTopics(graph, person),
  positions: async ({ person, topic }) => {
    const onTopic = (graph.bySpeaker.get(person) ?? []).filter((i) => i.topics.includes(topic));
    const sentimentOf = await sentimentLookup(place, onTopic);
    return personPositions(graph, { person, topic, types: CLAIMS }, sentimentOf);
  },
  timeline: async (topic) => {
    const sentimentOf = await sentimentLookup(place, graph.byTopic.get(topic) ?? []);
    return topicTimeline(graph, { topics: [topic], types: 'all' }, sentimentOf);
  },
  leaders: (limit) => perspectiveLeaders(graph, limit),
  arc: async (topic) => {
    const sentimentOf = await sentimentLookup(place, graph.byTopic.get(topic) ?? []);
    return conversationArc(graph, { topic, types: 'all' }, sentimentOf);
  },
  brief: async (person) => {
    const sentimentOf = await sentimentLookup(place, graph.bySpeaker.get(person) ?? []);
    return personBrief(graph, person, sentimentOf);
  },
  perspectives: async (topic, scope = 'person') => {
    const sentimentOf = await sentimentLookup(place, graph.byTopic.get(topic) ?? []);
    return topicPerspectives(graph, { topic, scope }, sentimentOf);
  },
  list: async ({ filter, page }) =>
    episodeListFromSnapshot(snapshot, filter, { page, page_size: 50 }),
  detail: async (slug) => episodeDetailFromSnapshot(snapshot, slug),
  insights: async (slug) => insightListFromSnapshot(snapshot, slug),
};
const indexSide = {
  topicPersons: (topic) => topicPersonsFromIndex(reader.db, topic),
  personTopics: (person) => personTopicsFromIndex(reader.db, person),
  positions: ({ person, topic }) =>
    personPositionsFromIndex(reader.db, { person, topic, types: CLAIMS }),
  timeline: (topic) => topicTimelineFromIndex(reader.db, { topics: [topic], types: 'all' }),
  leaders: (limit) => perspectiveLeadersFromIndex(reader.db, limit),
  arc: (topic) => conversationArcFromIndex(reader.db, { topic, types: 'all' }),
  brief: (person) => personBriefFromIndex(reader.db, person),
  perspectives: (topic, scope = 'person') =>
    topicPerspectivesFromIndex(reader.db, { topic, scope }),
  list: ({ filter, page }) => episodeListFromIndex(reader.db, filter, { page, page_size: 50 }),
  detail: (slug) => episodeDetailFromIndex(reader.db, slug),
  insights: (slug) => insightListFromIndex(reader.db, slug),
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(name, next, call, count = rounds) {
  const times = { projection: [], sqlite: [] };
  for (let i = 0; i < count; i++) {
    const arg = next();
    for (const [store, side] of [
      ['projection', snapshotSide],
      ['sqlite', indexSide],
    ]) {
      const started = performance.now();
      await call(side, arg);
      times[store].push(performance.now() - started);
    }
  }
  return Object.entries(times).map(([store, list]) => {
    const sorted = list.sort((a, b) => a - b);
    return {
      query: name,
      store,
      p50_ms: Number(quantile(sorted, 0.5).toFixed(3)),
      p99_ms: Number(quantile(sorted, 0.99).toFixed(3)),
    };
  });
}

const rows = [];
for (const [name, next] of Object.entries(QUERIES)) {
  rows.push(...(await measure(name, next, (side, arg) => side.list(arg))));
}
rows.push(
  ...(await measure(
    'episode page',
    () => pick(slugs),
    (side, s) => side.detail(s),
  )),
);
rows.push(
  ...(await measure(
    'insight list',
    () => pick(slugs),
    (side, s) => side.insights(s),
  )),
);
rows.push(
  ...(await measure(
    'graph: topic persons',
    () => pick(topics),
    (side, t) => side.topicPersons(t),
  )),
  ...(await measure(
    'graph: person topics',
    () => pick(persons),
    (side, p) => side.personTopics(p),
  )),
  ...(await measure(
    'graph: person positions (claims)',
    () => pick(positionPairs),
    (side, pair) => side.positions(pair),
  )),
  // A whole topic's timeline reads every sidecar of its episodes: fewer rounds.
  ...(await measure(
    'graph: topic timeline (all types)',
    () => pick(topics),
    (side, t) => side.timeline(t),
    Math.min(rounds, 200),
  )),
  // The route caches the answer per snapshot or index version, so these are its misses;
  // the projection keeps each topic's speaker counts between calls, the index counts anew.
  ...(await measure(
    'graph: perspective leaders (20 topics)',
    () => 20,
    (side, limit) => side.leaders(limit),
    Math.min(rounds, 200),
  )),
  ...(await measure(
    'graph: conversation arc (all types)',
    () => pick(topics),
    (side, t) => side.arc(t),
    Math.min(rounds, 200),
  )),
  ...(await measure(
    'graph: perspectives (by person)',
    () => pick(topics),
    (side, t) => side.perspectives(t),
    Math.min(rounds, 200),
  )),
  ...(await measure(
    'graph: perspectives (by show)',
    () => pick(topics),
    (side, t) => side.perspectives(t, 'show'),
    Math.min(rounds, 200),
  )),
  ...(await measure(
    'graph: person brief',
    () => pick(persons),
    (side, p) => side.brief(p),
    Math.min(rounds, 200),
  )),
);
registry.close();
await reader.close();
process.stdout.write(`${JSON.stringify(rows)}\n`);
