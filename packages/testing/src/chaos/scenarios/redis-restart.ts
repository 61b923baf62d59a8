import { join } from 'node:path';
import { DETERMINISTIC_ENRICHERS } from '../../enrichers.js';
import { sleep, waitUntil } from '../free-port.js';
import { enrichmentQueueHolds, generateCorpus, jobsClient } from '../jobs-client.js';
import { percentile } from '../load.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { OPERATOR_TOKEN, withStack } from '../stack.js';

const LEASE_MS = 1500;
/** The routes' 2 s command timeout, with the slack of a loaded 2-core machine. */
const DOWN_ANSWER_MS = 4000;
const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
/** How soon after the routes answer again the viewer has failed the jobs an empty Redis lost. */
const EMPTY_RECOVERED_MS = 10_000;

/**
 * Redis restarted while a run is under way and more jobs wait, append-only
 * (as BullMQ wants it in production) or, with `empty`, without persistence
 * so it comes back with no keys: the viewer's jobs routes answer a quick
 * 503 with Retry-After meanwhile; afterwards every job reaches a terminal
 * state (reconcile fails the one whose lease lapsed; the jobs an empty
 * Redis lost the viewer writes back as failed by itself, with no one
 * calling reconcile, within seconds), reconcile finds nothing open,
 * BullMQ holds none of them, and the runner, never restarted, takes a new
 * job.
 */
export function redisRestartScenario(
  options: { empty?: boolean; corpusSize?: { feeds: number; episodes: number } } = {},
): Promise<ScenarioResult> {
  const corpusSize = options.corpusSize ?? { feeds: 20, episodes: 60 };
  const isEmpty = options.empty === true;
  return runScenario(isEmpty ? 'redis-restart-empty' : 'redis-restart', (report) =>
    withStack(async (stack) => {
      const redis = await stack.startRedis({ appendonly: !isEmpty });
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
        downAnswers.every((a) => a.ms < DOWN_ANSWER_MS),
        `a jobs route took ${DOWN_ANSWER_MS / 1000} s or more while Redis was down`,
      );
      // What a reader sees once the routes answer again, before anyone reconciles.
      const back = Date.now();
      await waitUntil(async () => (await jobs.call('GET', '/api/jobs')).status === 200, 30_000);
      report.figure('routes_back_ms', Date.now() - back);
      const before = await Promise.all(ids.map((id) => jobs.call('GET', `/api/jobs/${id}`)));
      report.figure('before_reconcile', before.map((r) => r.body.status ?? r.status).join(','));
      // A lost job the recovery may still write back is a 503, never a 404.
      report.check(
        before.every((r) => r.status !== 404),
        'a lost job answered 404 before the recovery',
      );
      let reconciled = 0;
      // An empty Redis is noticed by the viewer, which fails the lost jobs itself: no reconcile.
      const allEnded = await waitUntil(
        async () => {
          const statuses = await Promise.all(ids.map((id) => jobs.statusOf(id)));
          if (statuses.every((s) => s !== undefined && TERMINAL.has(s))) {
            return true;
          }
          if (!isEmpty) {
            const res = await jobs.call('POST', '/api/jobs/reconcile');
            reconciled += (res.body.reconciled as unknown[] | undefined)?.length ?? 0;
          }
          return false;
        },
        isEmpty ? EMPTY_RECOVERED_MS : 120_000,
        isEmpty ? 100 : LEASE_MS,
      );
      const statuses = await Promise.all(ids.map((id) => jobs.statusOf(id)));
      report.figure('job_statuses', statuses.join(','));
      report.figure('reconciled', reconciled);
      report.check(
        allEnded,
        isEmpty
          ? `jobs not terminal ${EMPTY_RECOVERED_MS / 1000} s after the routes answered, with no reconcile: ${statuses.join(', ')}`
          : `jobs not terminal 120 s after the restart: ${statuses.join(', ')}`,
      );
      if (isEmpty) {
        report.figure('ended_after_back_ms', Date.now() - back);
        const records = await Promise.all(ids.map((id) => jobs.call('GET', `/api/jobs/${id}`)));
        const unexplained = records.filter(
          (r) => r.body.status === 'failed' && !String(r.body.error).includes('registry lost'),
        ).length;
        report.check(unexplained === 0, `${unexplained} lost jobs failed without saying why`);
      }
      const held = await enrichmentQueueHolds(redis.url, ids);
      report.check(held.length === 0, `BullMQ still holds ended jobs: ${held.join(', ')}`);
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
