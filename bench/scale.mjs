// Issue 16: the corpus at 100,000 episodes (`--only=scale`). The generator's
// corpus (1,000 feeds of 100 episodes, about 4.3 GB) is made once under
// bench/out and reused; the projection cache is emptied at the start of each
// run, so the first start is a cold one and the restart reads what it saved.
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, freePort, startProcess, stopProcess, timeUntil } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');

/** The scale targets of issue 16, relative to the bare route of the same run. */
const RELATIVE = {
  describe: 'ratio >= 0.5, p99 < 1.5 x bare p99',
  check: (row) => row.ratio >= 0.5 && row.p99_ms < 1.5 * row.bare_p99_ms,
};

function rssMbOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** Starts the viewer over `root` with the projection in `cacheDir`; resolves once a corpus route answers 200. */
async function startViewer(root, cacheDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = await startProcess(resolve(repo, 'apps/viewer-api/dist/main.js'), {
    env: { PORT: String(port), CORPUS_DIR: root, CORPUS_CACHE_DIR: cacheDir },
    readyUrl: `${base}/api/corpus/episodes?limit=1`,
    timeoutMs: 300_000,
  });
  return { base, child, ready_ms: Math.round(performance.now() - started) };
}

async function changedEpisodeRow(base, root) {
  const list = await (await fetch(`${base}/api/corpus/episodes?limit=1`)).json();
  const relpath = list.items[0].metadata_relpath;
  const file = resolve(root, relpath);
  const original = await readFile(file, 'utf8');
  const doc = JSON.parse(original);
  const title = `${doc.episode.title} (changed by the bench)`;
  doc.episode.title = title;
  const detail = `${base}/api/corpus/episodes/detail?metadata_relpath=${encodeURIComponent(relpath)}`;
  const titleNow = async () => (await (await fetch(detail)).json()).title;
  try {
    const visible_ms = await timeUntil(
      () => writeFile(file, JSON.stringify(doc)),
      async () => (await titleNow()) === title,
    );
    return {
      label: 'changed episode visible (viewer, 100k episodes)',
      visible_ms,
      target: '< 3000 ms',
      meets_target: visible_ms < 3000,
    };
  } finally {
    await writeFile(file, original);
  }
}

/**
 * The server rows: time until a restarted viewer answers from its stored
 * projection, its RSS once idle, the corpus routes against the bare route,
 * and how soon a changed episode is served.
 */
export async function scaleServerBench(root, cacheDir, bareUrl, { duration }) {
  const { base, child, ready_ms } = await startViewer(root, cacheDir);
  const rows = [];
  try {
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = rssMbOf(child.pid);
    rows.push({
      label: 'restarted viewer: until a corpus route answers 200, then idle RSS',
      ready_ms,
      idle_rss_mb: idle,
      target: 'ready < 5000 ms, idle RSS < 1024 MB',
      meets_target: ready_ms < 5000 && idle < 1024,
    });
    const list = await (await fetch(`${base}/api/corpus/episodes?limit=1`)).json();
    const relpath = encodeURIComponent(list.items[0].metadata_relpath);
    const cases = [
      ['GET /api/corpus/episodes (limit 50)', `${base}/api/corpus/episodes?limit=50`],
      [
        'GET /api/corpus/episodes/detail',
        `${base}/api/corpus/episodes/detail?metadata_relpath=${relpath}`,
      ],
      ['GET /api/corpus/digest', `${base}/api/corpus/digest?window=1mo`],
    ];
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    for (const [label, url] of cases) {
      rows.push(
        await compare(`${label} (100k)`, bareUrl, url, {
          duration,
          connections: 20,
          headers,
          base: { headers },
          target: RELATIVE,
        }),
      );
    }
    rows.push(await changedEpisodeRow(base, root));
    rows.push({ label: 'viewer RSS after the route rows', rss_mb: rssMbOf(child.pid) });
  } finally {
    await stopProcess(child);
  }
  return rows;
}
