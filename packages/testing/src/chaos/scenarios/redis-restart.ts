import { join } from 'node:path';
import { DETERMINISTIC_ENRICHERS } from '../../enrichers.js';
import { sleep, waitUntil } from '../free-port.js';
import { generateCorpus, jobsClient } from '../jobs-client.js';
import { percentile } from '../load.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { OPERATOR_TOKEN, withStack } from '../stack.js';

const LEASE_MS = 1500;
const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Redis (append-only, as BullMQ wants it in production) restarted while a
 * run is under way and more jobs wait: the viewer's jobs routes answer a
 * quick 503 with Retry-After meanwhile; afterwards every job reaches a
 * terminal state (reconcile fails the one whose lease lapsed), reconcile
 * finds nothing open, and the runner, never restarted, takes a new job.
 */
export function redisRestartScenario(
  corpusSize: { feeds: number; episodes: number } = { feeds: 20, episodes: 60 },
): Promise<ScenarioResult> {
  return runScenario('redis-restart', (report) =>
    withStack(async (stack) => {
      const redis = await stack.startRedis({ appendonly: true });
      const root = generateCorpus(
        join(stack.tempDir('redis-corpus'), 'corpus'),
        corpusSize.feeds,
        corpusSize.episodes,
      );
      const env = { REDIS_URL: redis.url, CORPUS_DIR: root };
      const viewer = await stack.startApi('viewer-api', { ...env, OPERATOR_TOKEN });
      const runner = stack.startWorker('enrichment-runner', {
        ...env,
        RUNNER_LEASE_MS: String(LEASE_MS),
      });
      const jobs = jobsClient(viewer.baseUrl, root);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push(await jobs.enrich(DETERMINISTIC_ENRICHERS));
      }
      await waitUntil(
        async () => (await jobs.statusOf(ids[0] as string)) === 'running',
        60_000,
        50,
      );
      await redis.stop();
      const downAnswers: { status: number; ms: number; retryAfter: string | null }[] = [];
      const downUntil = Date.now() + 3000;
      while (Date.now() < downUntil) {
        const started = Date.now();
        const res = await fetch(`${viewer.baseUrl}/api/jobs?path=${encodeURIComponent(root)}`, {
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
        downAnswers.push({
          status: res?.status ?? 0,
          ms: Date.now() - started,
          retryAfter: res?.headers.get('retry-after') ?? null,
        });
        await res?.arrayBuffer();
        await sleep(200);
      }
      await redis.start();
      report.figure('down_answers', downAnswers.map((a) => a.status).join(','));
      report.figure(
        'down_p99_ms',
        percentile(
          downAnswers.map((a) => a.ms),
          99,
        ),
      );
      report.check(
        downAnswers.every((a) => a.status === 503 && a.retryAfter !== null),
        'a jobs route answered other than 503 with Retry-After while Redis was down',
      );
      report.check(
        downAnswers.every((a) => a.ms < 3000),
        'a jobs route took 3 s or more while Redis was down',
      );
      let reconciled = 0;
      const allEnded = await waitUntil(
        async () => {
          const statuses = await Promise.all(ids.map((id) => jobs.statusOf(id)));
          if (statuses.every((s) => s !== undefined && TERMINAL.has(s))) {
            return true;
          }
          const res = await jobs.call('POST', '/api/jobs/reconcile');
          reconciled += (res.body.reconciled as unknown[] | undefined)?.length ?? 0;
          return false;
        },
        120_000,
        LEASE_MS,
      );
      const statuses = await Promise.all(ids.map((id) => jobs.statusOf(id)));
      report.figure('job_statuses', statuses.join(','));
      report.figure('reconciled', reconciled);
      report.check(allEnded, `jobs not terminal 120 s after the restart: ${statuses.join(', ')}`);
      const open = await jobs.call('POST', '/api/jobs/reconcile');
      report.check(
        open.body.checked === 0,
        `reconcile still finds ${String(open.body.checked)} open jobs`,
      );
      const after = await jobs.enrich(DETERMINISTIC_ENRICHERS);
      const afterStatus = await jobs.waitEnded(after, 120_000);
      report.figure('job_after_restart', afterStatus ?? 'unknown');
      report.check(
        afterStatus === 'succeeded',
        `a job enqueued after the restart ended ${afterStatus}`,
      );
      report.check(runner.pid !== undefined, 'the runner exited');
    }),
  );
}
