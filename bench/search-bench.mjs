// `pnpm bench --only=search`: index build, incremental rebuild, query latency,
// relevance, and the corpus routes' p99 while a rebuild runs.
import { execFileSync } from 'node:child_process';
import { cp, readdir, rm, utimes } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, load, startProcess, stopProcess } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
const TOKEN = 'bench-operator-token-0001';

function step(...args) {
  const out = execFileSync(process.execPath, [join(here, 'search-steps.mjs'), ...args], {
    env: { ...process.env, LANCEDB_LOG: process.env.LANCEDB_LOG ?? 'error' },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

async function metadataFiles(root) {
  const entries = await readdir(root, { recursive: true });
  return entries.filter((p) => p.endsWith('.metadata.json')).map((p) => join(root, p));
}

/** Marks 1% of the episodes changed (newer mtime) so the next build re-embeds just those. */
async function touchOnePercent(root) {
  const files = (await metadataFiles(root)).sort();
  const later = new Date(Date.now() + 60_000);
  const picked = files.filter((_, i) => i % 100 === 0);
  await Promise.all(picked.map((file) => utimes(file, later, later)));
  return picked.length;
}

/** p99 of the episode list while a full rebuild runs in the viewer's child process. */
async function p99DuringRebuild(root, duration) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(resolve(repo, 'apps/viewer-api/dist/bundle.mjs'), {
    env: { PORT: String(port), CORPUS_DIR: root, OPERATOR_TOKEN: TOKEN },
    readyUrl: `${base}/api/corpus/episodes?limit=1`,
  });
  try {
    const url = `${base}/api/corpus/episodes?limit=50`;
    await load(url, { duration: 1 });
    const idle = await load(url, { duration });
    const started = await fetch(`${base}/api/index/rebuild?rebuild=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    if (started.status !== 202) {
      throw new Error(`rebuild answered ${started.status}`);
    }
    const busy = await load(url, { duration });
    const stats = await (await fetch(`${base}/api/index/stats`)).json();
    return {
      idle_p99_ms: idle.p99,
      during_rebuild_p99_ms: busy.p99,
      rebuild_still_running: stats.rebuild_in_progress,
    };
  } finally {
    await stopProcess(child);
  }
}

/** `tier value` for each tier with a vector index, `-` when none has one (below 50,000 rows). */
function annSummary(recall, key) {
  const parts = Object.entries(recall).map(([tier, r]) => `${tier} ${r[key]}`);
  return parts.length === 0 ? '- (no IVF index)' : parts.join(', ');
}

export async function searchBench(corpora, { quick }) {
  const rows = [];
  for (const [label, source] of corpora) {
    // A copy: the index and touched mtimes must not leak into the other benchmarks' corpus.
    const root = `${source}-search`;
    await rm(root, { recursive: true, force: true });
    await cp(source, root, { recursive: true, preserveTimestamps: true });
    const full = step('build', root, 'true');
    const changed = await touchOnePercent(root);
    const incremental = step('build', root, 'false');
    const latency = step('latency', root, quick ? '50' : '300');
    const recall = step('ann-recall', root, quick ? '20' : '100');
    const during = await p99DuringRebuild(root, quick ? 2 : 5);
    rows.push({
      label,
      build_ms: full.ms,
      build_peak_rss_mb: full.max_rss_mb,
      vectors: full.total_vectors,
      incremental_ms: incremental.ms,
      incremental_episodes: `${incremental.episodes_embedded} (${changed} touched)`,
      search_p50_ms: latency.p50_ms,
      search_p99_ms: latency.p99_ms,
      ivf_recall_at_10: annSummary(recall, 'recall_at_10'),
      ivf_recall_at_50: annSummary(recall, 'recall_at_50'),
      ...during,
    });
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}

export async function relevanceBench() {
  const root = resolve(here, 'out/sample-relevance');
  await rm(root, { recursive: true, force: true });
  await cp(resolve(repo, 'corpus/sample'), root, { recursive: true, preserveTimestamps: true });
  step('build', root, 'true');
  const rows = step('relevance', root);
  await rm(root, { recursive: true, force: true });
  return rows;
}
