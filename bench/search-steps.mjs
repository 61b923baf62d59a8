// One measured step of the search benchmark in a fresh process, so peak RSS
// and latency belong to that step alone. Prints one JSON line.
//   node search-steps.mjs build <root> <force:true|false>
//   node search-steps.mjs latency <root> <queries>
//   node search-steps.mjs relevance <root>
import { createCorpusRegistry } from '@podcast/corpus';
import { createEmbeddingProvider } from '@podcast/providers';
import {
  buildIndex,
  createSearchService,
  evaluateRelevance,
  indexPathsOf,
  SAMPLE_RELEVANCE_CASES,
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
  const outcome = await buildIndex(snapshot, provider, indexPathsOf(root), arg === 'true');
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
}
corpus.close();
