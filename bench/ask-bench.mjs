// `pnpm bench --only=ask`: the evaluation set on corpus/sample (hit@3, abstention,
// faithfulness, the threshold's calibration) and extractive latency at 10,000
// episodes; `--only=ask-100k`: latency at 100,000. Each generated corpus keeps its
// search index under bench/out, so only the first run pays for building it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from '@podcast/corpus-generator';
import { askEvaluationRows, askLatencyRows } from './rows.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');

function run(script, ...args) {
  return runWith({}, script, ...args);
}

function runWith(env, script, ...args) {
  const out = execFileSync(process.execPath, [join(here, script), ...args], {
    env: { ...process.env, LANCEDB_LOG: process.env.LANCEDB_LOG ?? 'error', ...env },
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

const hasIndex = (root) => existsSync(join(root, 'search/lance_index/index_meta.json'));

/** A generated corpus with its index, kept under bench/out between runs (generation is deterministic). */
async function indexedCorpus(name, feeds, episodesPerFeed) {
  const root = resolve(here, `out/${name}`);
  if (!hasIndex(root)) {
    await generateCorpus({ out: root, feeds, episodesPerFeed, force: true });
    run('search-steps.mjs', 'build', root, 'true');
  }
  return root;
}

/**
 * Latency over the corpus index, read by a process that does not ingest
 * (its max RSS is the answering process's): the index is brought up to
 * date by a process of its own first, whose figures join the row.
 */
function indexedLatency(root, n, { cacheMb = [], env = {} } = {}) {
  const ingest = run('ask-steps.mjs', 'ingest', root);
  return { ...runWith(env, 'ask-steps.mjs', 'latency', root, n, 'index', ...cacheMb), ...ingest };
}

/** LanceDB's own default index cache (6 GB): what the API held before SEARCH_CACHE_MB. */
const LANCEDB_DEFAULT_CACHE_MB = '6144';

/** The evaluation rows and the latency rows, each measure with its target. */
export async function askBench({ quick }) {
  const sample = resolve(here, 'out/ask-sample');
  await rm(sample, { recursive: true, force: true });
  await cp(resolve(repo, 'corpus/sample'), sample, { recursive: true, preserveTimestamps: true });
  run('search-steps.mjs', 'build', sample, 'true');
  const evaluation = run('ask-steps.mjs', 'eval', sample);
  await rm(sample, { recursive: true, force: true });
  const n = quick ? '60' : '400';
  const corpus10k = await indexedCorpus('ask-10k', 100, 100);
  // The consumer asks over the corpus index by default; the projection is CORPUS_INDEX=projection.
  const latency = ['index', 'projection'].flatMap((store) =>
    askLatencyRows(
      `10,000 episodes, ${store === 'index' ? 'corpus index' : 'projection'}`,
      store === 'index'
        ? indexedLatency(corpus10k, n)
        : run('ask-steps.mjs', 'latency', corpus10k, n, store),
    ),
  );
  return { evaluation: askEvaluationRows(evaluation), latency };
}

/** Extractive latency at 100,000 episodes over the corpus index, as the consumer answers by default. */
export async function askBench100k() {
  const corpus100k = await indexedCorpus('ask-100k', 1000, 100);
  return [
    ...askLatencyRows('100,000 episodes, corpus index', indexedLatency(corpus100k, '400')),
    // The same answers with LanceDB's cache unbounded, in the same run: what the bound saves.
    ...askLatencyRows(
      '100,000 episodes, corpus index, LanceDB default cache',
      indexedLatency(corpus100k, '400', { cacheMb: [LANCEDB_DEFAULT_CACHE_MB] }),
    ),
    // glibc returning large freed blocks at once: what the allocator keeps, at its cost.
    ...askLatencyRows(
      '100,000 episodes, corpus index, MALLOC_MMAP_THRESHOLD_=131072',
      indexedLatency(corpus100k, '400', { env: { MALLOC_MMAP_THRESHOLD_: '131072' } }),
    ),
  ];
}
