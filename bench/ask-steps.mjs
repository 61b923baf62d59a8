// One measured step of the ask benchmark in a fresh process. Prints one JSON line.
//   node ask-steps.mjs eval <root>            evaluation set: targets, and the calibration
//   node ask-steps.mjs ingest <root>          the corpus index beside the root: built on first
//                                             use, then brought up to date, in a process of its own
//   node ask-steps.mjs latency <root> <n> [projection|index] [cache MB]
//                                             p50/p99 of n extractive answers after warm-up, over
//                                             the loaded projection or the corpus index opened
//                                             read-only, as an API that is not the ingester reads it;
//                                             LanceDB's index cache as SEARCH_CACHE_MB sets it

import { loadavg } from 'node:os';
import {
  ASK_EVAL_SET,
  ask,
  calibrateThreshold,
  corpusTranscripts,
  createAskService,
  crossValidateThreshold,
  EXTRACTIVE_THRESHOLD,
  evaluateAsk,
  indexedAskCorpus,
  snapshotAskCorpus,
} from '@podcast/ask';
import { createCorpusRegistry } from '@podcast/corpus';
import {
  findEpisodeOfInsight,
  findEpisodesByIds,
  ingestCorpus,
  openIndexReader,
  openIndexWriter,
  queryTermCounts,
} from '@podcast/corpus-index';
import { createSearchService } from '@podcast/search';
import { pino } from 'pino';

const [step, root, arg, store = 'projection', cacheMb] = process.argv.slice(2);
const embedding = { kind: 'static_word_vectors' };
const logger = pino({ level: 'silent' });
const corpus = createCorpusRegistry({ logger, watch: false });
const search = createSearchService({
  embedding,
  ...(cacheMb === undefined ? {} : { cacheMb: Number(cacheMb) }),
});
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const corpusWide = (question) => ({ question, topK: 5, scope: 'corpus' });

/** `n` distinct questions of three to five words of the evaluation set's, in a fixed sequence. */
function variedQuestions(questions, n) {
  const text = questions.join(' ').toLowerCase();
  const words = [...new Set(text.match(/[a-z]{4,}/g))];
  let seed = 7;
  const next = (k) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((seed / 2_147_483_648) * k);
  };
  const asked = new Set();
  while (asked.size < n) {
    asked.add(Array.from({ length: 3 + next(3) }, () => words[next(words.length)]).join(' '));
  }
  return [...asked];
}

const indexFileOf = (root) => `${root}.corpus-index.sqlite`;

/** The corpus as ask reads it in the consumer: its index's rows, or the loaded snapshot. */
async function askSource() {
  if (store !== 'index') {
    const snapshot = await corpus.refresh(root);
    return {
      source: snapshotAskCorpus(snapshot),
      place: snapshot,
      episodes: snapshot.episodes.length,
    };
  }
  const index = openIndexReader(indexFileOf(root));
  if (index === undefined) {
    throw new Error(`no corpus index of ${root}: run the ingest step first`);
  }
  const { n } = await index.db
    .selectFrom('episodes')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const source = indexedAskCorpus(
    {
      version: {},
      place: corpus.at(root),
      episodesByIds: (ids) => findEpisodesByIds(index.db, ids),
      episodeOfInsight: (id) => findEpisodeOfInsight(index.db, id, 'last'),
      termCounts: (terms) => queryTermCounts(index.db, terms),
    },
    logger,
  );
  return { source, place: corpus.at(root), episodes: Number(n) };
}

if (step === 'ingest') {
  const started = performance.now();
  const index = await openIndexWriter(indexFileOf(root), logger);
  await ingestCorpus({ db: index.db, root, logger });
  await index.close();
  print({
    ingest_ms: Math.round(performance.now() - started),
    ingest_max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  });
} else if (step === 'eval') {
  const snapshot = await corpus.refresh(root);
  const service = createAskService({ search });
  const report = await evaluateAsk(root, ASK_EVAL_SET, (q) => service.ask(snapshot, corpusWide(q)));
  // The same set with no threshold: every best score, to recompute the line from.
  const open = createAskService({ search, threshold: 0 });
  const unthresholded = await evaluateAsk(root, ASK_EVAL_SET, (q) =>
    open.ask(snapshot, corpusWide(q)),
  );
  const { top_scores, ...figures } = report;
  print({
    ...figures,
    threshold: EXTRACTIVE_THRESHOLD,
    calibration: calibrateThreshold(unthresholded.top_scores),
    cross_validation: crossValidateThreshold(unthresholded.top_scores),
    top_scores: unthresholded.top_scores,
  });
} else if (step === 'latency') {
  const { source, place, episodes } = await askSource();
  const service = createAskService({ search });
  const questions = ASK_EVAL_SET.map((c) => c.question);
  // The first answers open tables, load the word vectors and the term weights: warm-up.
  for (const q of questions.slice(0, 10)) {
    await service.ask(source, corpusWide(q));
  }
  const times = [];
  let answered = 0;
  for (let i = 0; i < Number(arg); i++) {
    const started = performance.now();
    const answer = await service.ask(source, corpusWide(questions[i % questions.length]));
    times.push(performance.now() - started);
    answered += answer.status === 'answered' ? 1 : 0;
  }
  // The same questions with every transcript read anew: the answer cost
  // without the transcript cache, which the repeated questions above favour.
  const uncached = [];
  for (const q of questions) {
    const started = performance.now();
    await ask(
      {
        corpus: source,
        search: (request) => search.search(source, request),
        transcripts: corpusTranscripts(place),
        contradictions: await source.contradictions(),
      },
      corpusWide(q),
    );
    uncached.push(performance.now() - started);
  }
  const repeatedRssMb = Math.round(process.memoryUsage.rss() / 2 ** 20);
  // As many questions, none asked twice: what LanceDB keeps grows with the
  // variety of questions, which the 40 repeated above do not show.
  const varied = [];
  for (const q of variedQuestions(questions, Number(arg))) {
    const started = performance.now();
    await service.ask(source, corpusWide(q));
    varied.push(performance.now() - started);
  }
  const at = (list, p) => {
    const sorted = [...list].sort((a, b) => a - b);
    return Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1));
  };
  print({
    store,
    ...(cacheMb === undefined ? {} : { search_cache_mb: Number(cacheMb) }),
    episodes,
    answers: times.length,
    answered,
    p50_ms: at(times, 0.5),
    p99_ms: at(times, 0.99),
    uncached_answers: uncached.length,
    uncached_p50_ms: at(uncached, 0.5),
    uncached_p99_ms: at(uncached, 0.99),
    varied_answers: varied.length,
    varied_p50_ms: at(varied, 0.5),
    varied_p99_ms: at(varied, 0.99),
    rss_after_repeated_mb: repeatedRssMb,
    rss_after_varied_mb: Math.round(process.memoryUsage.rss() / 2 ** 20),
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    // The machine is shared: its load during the run says how far the times are its own.
    load_avg_1m: Number(loadavg()[0].toFixed(1)),
  });
}
process.exit(0);
