// One measured step of the ask benchmark in a fresh process. Prints one JSON line.
//   node ask-steps.mjs eval <root>            evaluation set: targets, and the calibration
//   node ask-steps.mjs latency <root> <n>     p50/p99 of n extractive answers after warm-up

import { loadavg } from 'node:os';
import {
  ASK_EVAL_SET,
  calibrateThreshold,
  createAskService,
  EXTRACTIVE_THRESHOLD,
  evaluateAsk,
} from '@podcast/ask';
import { createCorpusRegistry } from '@podcast/corpus';
import { createSearchService } from '@podcast/search';
import { pino } from 'pino';

const [step, root, arg] = process.argv.slice(2);
const embedding = { kind: 'static_word_vectors' };
const corpus = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
const snapshot = await corpus.refresh(root);
const search = createSearchService({ embedding });
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const corpusWide = (question) => ({ question, topK: 5, scope: 'corpus' });

if (step === 'eval') {
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
    top_scores: unthresholded.top_scores,
  });
} else if (step === 'latency') {
  const service = createAskService({ search });
  const questions = ASK_EVAL_SET.map((c) => c.question);
  // The first answers open tables, load the word vectors and the term weights: warm-up.
  for (const q of questions.slice(0, 10)) {
    await service.ask(snapshot, corpusWide(q));
  }
  const times = [];
  let answered = 0;
  for (let i = 0; i < Number(arg); i++) {
    const started = performance.now();
    const answer = await service.ask(snapshot, corpusWide(questions[i % questions.length]));
    times.push(performance.now() - started);
    answered += answer.status === 'answered' ? 1 : 0;
  }
  times.sort((a, b) => a - b);
  const at = (p) =>
    Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
  print({
    episodes: snapshot.episodes.length,
    answers: times.length,
    answered,
    p50_ms: at(0.5),
    p99_ms: at(0.99),
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    // The machine is shared: its load during the run says how far the times are its own.
    load_avg_1m: Number(loadavg()[0].toFixed(1)),
  });
}
process.exit(0);
