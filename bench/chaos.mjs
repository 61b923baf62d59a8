// `pnpm chaos`: every fault and replica scenario of docs/decisions/reliability.md
// against real processes from dist/, one line each, recorded as a run in
// bench/results/ (results.mjs) with one row per scenario.
// Flags: --soak (the 30-minute soak instead of the 3-minute one), --only=name,name
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copySampleCorpus } from '@podcast/testing';
import { CHAOS_SCENARIOS, formatResult } from '@podcast/testing/chaos';
import { startRun, writeRunResults } from './results.mjs';
import { chaosRow } from './rows.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const USAGE = `pnpm chaos [--soak] [--only=name,name]   (node bench/chaos.mjs once built)
  --soak    the 30-minute soak instead of the 3-minute one
  --only=   these scenarios only: ${CHAOS_SCENARIOS.map((s) => s.name).join(', ')}
Each run is recorded in bench/results/<date>-<commit>-chaos[-soak].{json,md}.
`;
if (args.includes('--help')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== '--soak' && !arg.startsWith('--only='));
if (unknown.length > 0) {
  process.stderr.write(`unknown flag: ${unknown.join(', ')}\n${USAGE}`);
  process.exit(2);
}
const isSoak = args.includes('--soak');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
const soakMs = (isSoak ? 30 : 3) * 60_000;
const chosen = CHAOS_SCENARIOS.filter((s) => (only ? only.includes(s.name) : true));
if (chosen.length === 0) {
  process.stderr.write(`--only: none of ${CHAOS_SCENARIOS.map((s) => s.name).join(', ')}\n`);
  process.exit(2);
}
// The soak is a command of its own in the results: its runs are compared with each other.
const run = startRun({
  repo: resolve(here, '..'),
  suite: isSoak ? 'chaos-soak' : 'chaos',
  flags: args.filter((arg) => arg !== '--soak'),
});

// A copy: the apps write beside the corpus (the search query log, .app/, .viewer/).
const corpus = copySampleCorpus('chaos-run');
const results = [];
for (const scenario of chosen) {
  const result = await scenario.run({ corpusDir: corpus.corpusDir, soakMs });
  results.push(result);
  process.stdout.write(`${formatResult(result)}\n`);
}
corpus.remove();
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
run.tables.push({
  title: 'Chaos scenarios: real processes, PostgreSQL and Redis of their own',
  rows: results.map(chaosRow),
});
const stem = writeRunResults(here, run);
process.stdout.write(`results: bench/results/${stem}.md; latest full runs: bench/RESULTS.md\n`);
process.exit(failed === 0 ? 0 : 1);
