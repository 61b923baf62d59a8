// The enrichment part of `pnpm bench`: a full deterministic run over copies
// of the generated corpora (wall time, peak RSS), and the latency from
// enqueueing a job to a real runner starting it.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  enqueueJob,
  FULL_BATCH_PARAMS,
  JobQueues,
  JobRegistry,
  producerConnection,
} from '@podcast/jobs';
import { createRedisPrefix } from '@podcast/testing';
import { pino } from 'pino';

const here = dirname(fileURLToPath(import.meta.url));
const RUNNER = resolve(here, '../apps/enrichment-runner/dist/bundle.mjs');

/** Each corpus is copied first: a run writes an envelope per episode, the generated tree stays as it is. */
export function enrichmentRunRows(corpora) {
  return corpora.map(([label, root, episodes]) => {
    const copy = resolve(here, `out/enrich-copy-${episodes}`);
    rmSync(copy, { recursive: true, force: true });
    cpSync(root, copy, { recursive: true });
    try {
      const row = JSON.parse(
        execFileSync(process.execPath, [resolve(here, 'enrich-run.mjs'), copy], {
          encoding: 'utf8',
        }),
      );
      return {
        label,
        ...row,
        episodes_per_s: Math.round((episodes / row.wall_ms) * 1000),
        meets_target: episodes < 10_000 || row.wall_ms < 60_000,
      };
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Enqueue-to-start: `count` pipeline jobs enqueued one after another
 * (PIPELINE_COMMAND a node that exits at once), each timed from the
 * enqueue call to the runner's `started_at`, on the local Redis.
 */
export async function enqueueLatencyRow({ count }) {
  // The jobs write their logs under the corpus: a scratch folder stands in for one.
  const root = mkdtempSync(resolve(tmpdir(), 'enqueue-bench-'));
  const redis = createRedisPrefix();
  const settings = { redisUrl: redis.url, prefix: redis.prefix };
  const runner = spawn(process.execPath, [RUNNER], {
    env: {
      ...process.env,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      CORPUS_DIR: root,
      PIPELINE_COMMAND: JSON.stringify([process.execPath, '-e', '0', '--']),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const connection = producerConnection(settings);
  const queues = new JobQueues(settings, connection);
  const registry = new JobRegistry({ redis: connection, prefix: settings.prefix });
  const jobs = { registry, queues, logger: pino({ level: 'silent' }), now: () => new Date() };
  const latencies = [];
  try {
    await new Promise((r) => setTimeout(r, 1500));
    for (let i = 0; i < count; i += 1) {
      const sent = Date.now();
      const outcome = await enqueueJob(jobs, {
        commandType: 'pipeline',
        corpusPath: root,
        params: FULL_BATCH_PARAMS,
      });
      for (;;) {
        if (runner.exitCode !== null) {
          throw new Error(`the runner exited with ${runner.exitCode}`);
        }
        const job = await registry.get(outcome.job.job_id);
        if (job?.started_at) {
          latencies.push(Date.parse(job.started_at) - sent);
        }
        if (job && job.status !== 'queued' && job.status !== 'running') {
          if (job.status !== 'succeeded') {
            throw new Error(`job ${job.job_id} ended ${job.status}: ${job.error}`);
          }
          break;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    }
  } finally {
    runner.kill('SIGTERM');
    await new Promise((r) => runner.once('exit', r));
    await queues.close();
    connection.disconnect();
    await redis.close();
    rmSync(root, { recursive: true, force: true });
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    label: `enqueue → runner start (${count} jobs, one at a time)`,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    max_ms: sorted.at(-1),
  };
}
