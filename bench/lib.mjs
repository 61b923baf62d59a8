// Shared pieces of the benchmarks: child processes, readiness, autocannon.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';

export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/**
 * Starts a node script as a child; resolves once `readyUrl` answers 200.
 * `BENCH_NODE_ARGS` (e.g. `--cpu-prof`) is passed to the child's node, for profiling.
 */
export async function startProcess(script, { env = {}, readyUrl, timeoutMs = 60_000 } = {}) {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    // Servers answer from the projection, without a persisted one, unless a row asks otherwise:
    // the route rows measure a steady state, the restart rows measure the cache. The corpus
    // index's rows are in corpus-index.mjs.
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      CORPUS_INDEX: 'projection',
      CORPUS_CACHE_DIR: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${script} exited with ${child.exitCode}`);
    }
    try {
      const res = await fetch(readyUrl);
      await res.arrayBuffer();
      if (res.ok) {
        return child;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} not ready after ${timeoutMs} ms`);
}

/** consumer-api from dist/ over `root` and `database` on a free port; resolved once `readyPath` answers 200. */
export async function startConsumer(root, database, env, readyPath) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const main = resolve(import.meta.dirname, '../apps/consumer-api/dist/bundle.mjs');
  const child = await startProcess(main, {
    env: { PORT: String(port), CORPUS_DIR: root, DATABASE_URL: database.url, ...env },
    readyUrl: `${base}${readyPath}`,
  });
  return { port, base, child };
}

export async function stopProcess(child) {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

/**
 * One autocannon run; returns requests/s and latency percentiles in ms.
 * `paths`, when given, are requested in turn (same origin as `url`).
 */
export async function load(
  url,
  { connections = 20, duration = 5, method = 'GET', body, headers, paths } = {},
) {
  let next = 0;
  const requests = paths
    ? [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }]
    : undefined;
  const result = await autocannon({ url, connections, duration, method, body, headers, requests });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${method} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Measures a route against the bare baseline twice, interleaved, so drift in
 * machine load affects both sides alike; reports the mean ratio. Each side
 * first gets one unmeasured second of the same load, so JIT compilation and
 * filling pools and caches count as warm-up, not as steady-state latency.
 */
export async function compare(label, baseUrl, routeUrl, options = {}) {
  await load(baseUrl, { ...(options.base ?? {}), duration: 1 });
  await load(routeUrl, { ...options, duration: 1 });
  const rounds = [];
  for (let i = 0; i < 2; i++) {
    const base = await load(baseUrl, options.base ?? {});
    const route = await load(routeUrl, options);
    rounds.push({ base, route });
  }
  const avg = (pick) => rounds.reduce((s, r) => s + pick(r), 0) / rounds.length;
  const row = {
    label,
    rps: Math.round(avg((r) => r.route.rps)),
    bare_rps: Math.round(avg((r) => r.base.rps)),
    ratio: Number((avg((r) => r.route.rps) / avg((r) => r.base.rps)).toFixed(3)),
    p50_ms: avg((r) => r.route.p50),
    p99_ms: Math.max(...rounds.map((r) => r.route.p99)),
    // The machine's own floor: the bare route's p99 under the same load.
    bare_p99_ms: Math.max(...rounds.map((r) => r.base.p99)),
  };
  if (options.target) {
    row.target = options.target.describe;
    row.meets_target = options.target.check(row);
  }
  return row;
}

let recording;

/** Keeps every table printed from now on in `run.tables` (see results.mjs). */
export function recordTablesInto(run) {
  recording = run;
}

export function printTable(title, rows) {
  process.stdout.write(`\n## ${title}\n`);
  console.table(rows);
  recording?.tables.push({ title, rows: JSON.parse(JSON.stringify(rows)) });
}

/** The server's CPU time so far (µs), from its operator-only debug route. */
async function serverCpuUs(base, headers) {
  const body = await (await fetch(`${base}/api/debug/corpus`, { headers })).json();
  return body.process.cpu_user_us + body.process.cpu_system_us;
}

/**
 * Share of one core the server uses while `url` is requested `rps` times a
 * second for `seconds`: its CPU time (process.cpuUsage through the debug
 * route) over the wall time between two samples.
 */
export async function cpuUnderLightLoad(base, url, { seconds, rps, headers, operator }) {
  const cpuBefore = await serverCpuUs(base, operator);
  const started = performance.now();
  for (let i = 0; i < seconds * rps; i++) {
    const due = started + (i * 1000) / rps;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) {
      throw new Error(`${url} answered ${res.status}`);
    }
  }
  const wallUs = (performance.now() - started) * 1000;
  const cpuUs = (await serverCpuUs(base, operator)) - cpuBefore;
  return { cpu_percent: Number(((100 * cpuUs) / wallUs).toFixed(2)), seconds, rps };
}

/** Milliseconds from `act()` until `check()` holds, polling every 50 ms; throws past `timeoutMs`. */
export async function timeUntil(act, check, timeoutMs = 30_000) {
  const started = performance.now();
  await act();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) {
      throw new Error(`not seen within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return Math.round(performance.now() - started);
}
