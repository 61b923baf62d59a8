// Child process for the corpus-index bench: the p50/p99 of the catalog
// queries, today's snapshot functions and the SQLite index side by side,
// interleaved call by call so machine noise falls on both.
import {
  createCorpusRegistry,
  episodeDetailFromSnapshot,
  episodeListFromSnapshot,
  insightListFromSnapshot,
} from '@podcast/corpus';
import {
  episodeDetailFromIndex,
  episodeListFromIndex,
  insightListFromIndex,
  openIndexReader,
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

const snapshotSide = {
  list: async ({ filter, page }) =>
    episodeListFromSnapshot(snapshot, filter, { page, page_size: 50 }),
  detail: async (slug) => episodeDetailFromSnapshot(snapshot, slug),
  insights: async (slug) => insightListFromSnapshot(snapshot, slug),
};
const indexSide = {
  list: ({ filter, page }) => episodeListFromIndex(reader.db, filter, { page, page_size: 50 }),
  detail: (slug) => episodeDetailFromIndex(reader.db, slug),
  insights: (slug) => insightListFromIndex(reader.db, slug),
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(name, next, call) {
  const times = { projection: [], sqlite: [] };
  for (let i = 0; i < rounds; i++) {
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
registry.close();
await reader.close();
process.stdout.write(`${JSON.stringify(rows)}\n`);
