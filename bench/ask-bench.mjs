// `pnpm bench --only=ask`: the evaluation set on corpus/sample (hit@3, abstention,
// faithfulness, the threshold's calibration) and extractive latency at 10,000
// episodes (and at 100,000 when bench/out/ask-100k holds a built index: its
// build takes most of an hour, so it is made on purpose, see docs/decisions/ask.md).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from '@podcast/corpus-generator';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');

function run(script, ...args) {
  const out = execFileSync(process.execPath, [join(here, script), ...args], {
    env: { ...process.env, LANCEDB_LOG: process.env.LANCEDB_LOG ?? 'error' },
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

export async function askBench({ quick }) {
  const sample = resolve(here, 'out/ask-sample');
  await rm(sample, { recursive: true, force: true });
  await cp(resolve(repo, 'corpus/sample'), sample, { recursive: true, preserveTimestamps: true });
  run('search-steps.mjs', 'build', sample, 'true');
  const evaluation = run('ask-steps.mjs', 'eval', sample);
  await rm(sample, { recursive: true, force: true });
  const latency = [];
  const n = quick ? '60' : '400';
  latency.push({
    label: '10,000 episodes',
    ...run('ask-steps.mjs', 'latency', await indexedCorpus('ask-10k', 100, 100), n),
  });
  const large = resolve(here, 'out/ask-100k');
  if (hasIndex(large)) {
    latency.push({ label: '100,000 episodes', ...run('ask-steps.mjs', 'latency', large, n) });
  }
  const at = new Date().toISOString();
  await mkdir(resolve(here, 'results'), { recursive: true });
  const file = resolve(here, `results/ask-${at.slice(0, 16).replace(':', '-')}.json`);
  await writeFile(file, `${JSON.stringify({ at, evaluation, latency }, null, 2)}\n`);
  const { top_scores, ...figures } = evaluation;
  return {
    evaluation: [
      {
        hit_at_3: figures.hit_at_3,
        answerable_abstained: figures.answerable_abstained,
        unanswerable_abstained: figures.unanswerable_abstained,
        faithfulness: figures.faithfulness,
        evidence_items: figures.evidence_items,
        threshold: figures.threshold,
        calibrated_threshold: figures.calibration.threshold,
        meets_target:
          figures.hit_at_3 >= 0.8 &&
          figures.answerable_abstained <= 0.1 &&
          figures.unanswerable_abstained >= 0.8 &&
          figures.faithfulness === 1,
      },
    ],
    latency: latency.map((row) => ({
      ...row,
      meets_target: row.label.startsWith('10,000')
        ? row.p50_ms < 60 && row.p99_ms < 200
        : row.p50_ms < 100,
    })),
    file,
  };
}
