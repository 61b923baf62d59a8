// gPodder Basic sign-in under guessing: what 1,000 wrong app passwords cost
// consumer-api in CPU, and the p99 of a correct password and of health while
// they come in, against the same routes with no attack in the same run.
// Linux only: the server's CPU time is read from /proc, and each attacker
// connects from its own loopback address (127.0.0.0/8 is all local).
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { createTestDatabase } from '@podcast/testing';
import autocannon from 'autocannon';
import { stopProcess } from './lib.mjs';
import { basicAuth, guess, statusOf } from './sign-in-guesses.mjs';
import { startSyncConsumer, webCookie } from './sync.mjs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** The process's CPU time so far (user + system, every thread), in seconds. */
function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Server CPU seconds and wall seconds spent while `work` runs. */
async function measured(pid, work) {
  const cpu = cpuSecondsOf(pid);
  const started = performance.now();
  const result = await work();
  return {
    result,
    cpu_s: cpuSecondsOf(pid) - cpu,
    wall_s: (performance.now() - started) / 1000,
  };
}

const loopback = (from, n) => Array.from({ length: n }, (_, i) => `127.0.${from}.${i + 1}`);
const round = (value, digits = 2) => Number(value.toFixed(digits));

async function mintPassword(base, cookie) {
  const res = await fetch(`${base}/api/app/sync/app-passwords`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (res.status !== 201) {
    throw new Error(`minting an app password answered ${res.status}`);
  }
  return res.json();
}

/** Requests at a steady `rate` (not flat out, so p99 is the server's, not a queue's). */
async function atRate(url, { rate, duration, headers }) {
  const result = await autocannon({ url, connections: 4, overallRate: rate, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`GET ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.latency.p99;
}

/** 1,000 requests spread over `duration` s from a process of their own: guesses, or health. */
function trafficInChild(mode, port, minted, duration, address) {
  const script = resolve(import.meta.dirname, 'sign-in-guesses.mjs');
  const args = [mode, port, minted.username, minted.password, 1000, 1000 / duration, address];
  return promisify(execFile)(process.execPath, [script, ...args.map(String)]);
}

/**
 * p99 of a correct password (100 req/s) and of health (200 req/s), both at
 * once: alone, while 1,000 health requests come in (the same traffic
 * without a guess: what any extra load costs on this machine), and while
 * 1,000 wrong passwords come in from a new address. Three rounds
 * interleaved; the median round's p99 is kept, so one burst of another
 * process on a shared machine moves no side.
 */
async function meanwhileRows(port, minted, duration) {
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: basicAuth(minted.username, minted.password) };
  // A client signs in once (one scrypt) before it makes requests in parallel.
  const first = await statusOf(port, `/api/2/devices/${minted.username}.json`, headers);
  if (first !== 200) {
    throw new Error(`the correct password answered ${first}`);
  }
  const measure = () =>
    Promise.all([
      atRate(`${base}/api/2/devices/${minted.username}.json`, { rate: 100, duration, headers }),
      atRate(`${base}/api/health`, { rate: 200, duration }),
    ]);
  const phases = { alone: [], busy: [], attacked: [] };
  for (let round = 0; round < 3; round += 1) {
    phases.alone.push(await measure());
    for (const [phase, mode] of [
      ['busy', 'health'],
      ['attacked', 'guess'],
    ]) {
      const address = `127.0.${20 + round}.${mode === 'guess' ? 1 : 2}`;
      const [p99s] = await Promise.all([
        measure(),
        trafficInChild(mode, port, minted, duration, address),
      ]);
      phases[phase].push(p99s);
    }
  }
  const median = (phase, i) => phases[phase].map((r) => r[i]).sort((a, b) => a - b)[1];
  return [
    ['GET /api/2/devices, correct password, 100 req/s', 0],
    ['GET /api/health, 200 req/s', 1],
  ].map(([label, i]) => ({
    label: `${label}, while 1,000 wrong passwords come in`,
    p99_ms: median('attacked', i),
    p99_same_traffic_no_guess_ms: median('busy', i),
    p99_alone_ms: median('alone', i),
    target: 'p99 ≤ 1.5 × same traffic without guesses + 5 ms',
    meets_target: median('attacked', i) <= 1.5 * median('busy', i) + 5,
  }));
}

export async function syncSignInBench({ duration = 5 } = {}) {
  const database = await createTestDatabase();
  let child;
  try {
    // The sample corpus: these routes never read it.
    const started = await startSyncConsumer(
      resolve(import.meta.dirname, '../corpus/sample'),
      database,
    );
    child = started.child;
    const { port, base } = started;
    const minted = await mintPassword(base, await webCookie(database.url));
    const user = minted.username;
    // What one refused guess costs when it is hashed: five from five fresh addresses.
    const single = await measured(child.pid, () =>
      guess(port, user, minted.password, { count: 5, addresses: loopback(1, 5), concurrency: 1 }),
    );
    const perGuess = single.cpu_s / 5;
    const attack = await measured(child.pid, () =>
      guess(port, user, minted.password, { count: 1000, addresses: loopback(2, 1) }),
    );
    const spread = await measured(child.pid, () =>
      guess(port, user, minted.password, { count: 1000, addresses: loopback(10, 100) }),
    );
    return [
      {
        label: 'one refused guess, hashed (5 guesses from 5 new addresses)',
        cpu_ms: round(perGuess * 1000, 1),
        statuses: JSON.stringify(single.result),
      },
      {
        label: '1,000 wrong passwords with the real selector, one address',
        cpu_s: round(attack.cpu_s),
        wall_s: round(attack.wall_s),
        statuses: JSON.stringify(attack.result),
        unthrottled_cpu_s: round(perGuess * 1000, 1),
        target: '< 5 CPU-s',
        meets_target: attack.cpu_s < 5,
      },
      {
        label: '1,000 wrong passwords, 100 addresses (no target: bounded by the hash gate)',
        cpu_s: round(spread.cpu_s),
        wall_s: round(spread.wall_s),
        statuses: JSON.stringify(spread.result),
        unthrottled_cpu_s: round(perGuess * 1000, 1),
      },
      ...(await meanwhileRows(port, minted, duration)),
    ];
  } finally {
    if (child) {
      await stopProcess(child);
    }
    await database.close();
  }
}
