// One measured step of the search benchmark in a fresh process, so peak RSS
// and latency belong to that step alone. Prints one JSON line.
//   node search-steps.mjs build <root> <force:true|false>
//   node search-steps.mjs latency <root> <queries>
//   node search-steps.mjs relevance <root>
//   node search-steps.mjs ann-recall <root> <queries>
import { createCorpusRegistry } from '@podcast/corpus';
import { createEmbeddingProvider } from '@podcast/providers';
import {
  buildIndex,
  createSearchService,
  evaluateRelevance,
  indexPathsOf,
  SAMPLE_RELEVANCE_CASES,
  snapshotBuildSource,
} from '@podcast/search';
import { pino } from 'pino';

const [step, root, arg] = process.argv.slice(2);
const embedding = { kind: 'static_word_vectors' };
const corpus = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
const snapshot = await corpus.refresh(root);
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

if (step === 'build') {
  const provider = await createEmbeddingProvider(embedding);
  const started = performance.now();
  const source = snapshotBuildSource(snapshot);
  const outcome = await buildIndex(source, provider, indexPathsOf(root), arg === 'true');
  print({
    ms: Math.round(performance.now() - started),
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    episodes_embedded: outcome.episodes_embedded,
    total_vectors: outcome.meta.total_vectors,
  });
} else if (step === 'latency') {
  const search = createSearchService({ embedding });
  const queries = SAMPLE_RELEVANCE_CASES.map((c) => c.query);
  const times = [];
  // The first queries open tables and load the provider: warm-up, not measured.
  for (const q of queries.slice(0, 5)) {
    await search.search(snapshot, { q, topK: 10 });
  }
  for (let i = 0; i < Number(arg); i++) {
    const started = performance.now();
    await search.search(snapshot, { q: queries[i % queries.length], topK: 10 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p) =>
    Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
  print({ p50_ms: at(0.5), p99_ms: at(0.99), queries: times.length });
} else if (step === 'relevance') {
  const search = createSearchService({ embedding });
  const rows = [];
  for (const mode of ['lexical', 'dense', 'hybrid']) {
    const score = await evaluateRelevance(search, snapshot, SAMPLE_RELEVANCE_CASES, mode);
    rows.push({
      mode,
      recall_at_5: Number(score.recall_at_5.toFixed(3)),
      mrr: Number(score.mrr.toFixed(3)),
    });
  }
  print(rows);
} else if (step === 'ann-recall') {
  print(await annRecall(Number(arg)));
}
corpus.close();

/**
 * Recall of the IVF vector index against exact search on the same table,
 * for each tier with an index, at the depth a top_k 10 query fetches (50).
 * Generated corpora repeat sentences, so many rows tie on distance and two
 * exact searches could list different ids: a row the index returns counts
 * as found when its distance is within the exact k-th distance (tie-aware
 * recall@k). The queries are the relevance queries, then insight texts.
 */
async function annRecall(count) {
  const DEPTH = 50;
  const EPSILON = 1e-6;
  const search = createSearchService({ embedding });
  const index = await search.openIndex(root);
  const insights = snapshot.episodes
    .filter((_, i) => i % 97 === 0)
    .flatMap(
      (e) =>
        snapshot
          .graphOf(e)
          ?.insights.slice(0, 1)
          .map((i) => i.text) ?? [],
    );
  const texts = [...SAMPLE_RELEVANCE_CASES.map((c) => c.query), ...insights].slice(0, count);
  const vectors = (await search.embed(texts)).filter((v) => v.some((x) => x !== 0));
  const mean = (xs) => Number((xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(3));
  const result = {};
  for (const tier of ['insight', 'segment', 'aux']) {
    const table = await index?.tableOf(tier);
    const indices = table ? await table.listIndices() : [];
    if (!indices.some((i) => i.columns.includes('vector'))) {
      continue;
    }
    const nearest = async (vector, exact) => {
      let query = table
        .query()
        .nearestTo(Array.from(vector))
        .distanceType('cosine')
        .select(['doc_id', '_distance'])
        .limit(DEPTH);
      query = exact ? query.bypassVectorIndex() : query;
      const started = performance.now();
      const rows = await query.toArray();
      return { distances: rows.map((r) => r._distance), ms: performance.now() - started };
    };
    const recall = { 10: [], 50: [] };
    const ms = { ann: [], exact: [] };
    for (const vector of vectors) {
      const exact = await nearest(vector, true);
      const ann = await nearest(vector, false);
      ms.exact.push(exact.ms);
      ms.ann.push(ann.ms);
      for (const k of [10, 50]) {
        const bound = exact.distances[Math.min(k, exact.distances.length) - 1] ?? 0;
        const found = ann.distances.slice(0, k).filter((d) => d <= bound + EPSILON).length;
        recall[k].push(found / Math.max(1, Math.min(k, exact.distances.length)));
      }
    }
    result[tier] = {
      rows: await table.countRows(),
      queries: vectors.length,
      recall_at_10: mean(recall[10]),
      recall_at_50: mean(recall[50]),
      ann_ms: mean(ms.ann),
      exact_ms: mean(ms.exact),
    };
  }
  return result;
}
