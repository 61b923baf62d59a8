import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DETERMINISTIC_ENRICHERS } from '../../enrichers.js';
import { waitUntil } from '../free-port.js';
import { eventLogLines, generateCorpus, jobsClient } from '../jobs-client.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { OPERATOR_TOKEN, withStack } from '../stack.js';

const LEASE_MS = 1500;

/**
 * The enrichment runner SIGKILLed (with its `enrich` subprocess) while a
 * run is under way: the job does not stay `running` (once its lease lapsed
 * a read of the viewer, or the restarted runner's stalled-job check, fails
 * it, with no reconcile),
 * the event log has no torn line, and a run on the restarted runner ends
 * with a valid run_summary.json of its own.
 */
export function runnerKilledScenario(
  corpusSize: { feeds: number; episodes: number } = { feeds: 20, episodes: 60 },
): Promise<ScenarioResult> {
  return runScenario('runner-sigkill', (report) =>
    withStack(async (stack) => {
      const redis = await stack.startRedis();
      const root = generateCorpus(
        join(stack.tempDir('runner-corpus'), 'corpus'),
        corpusSize.feeds,
        corpusSize.episodes,
      );
      const env = { REDIS_URL: redis.url, CORPUS_DIR: root };
      const viewer = await stack.startApi('viewer-api', { ...env, OPERATOR_TOKEN });
      const runnerEnv = { ...env, RUNNER_LEASE_MS: String(LEASE_MS) };
      const runner = stack.startWorker('enrichment-runner', runnerEnv);
      const jobs = jobsClient(viewer.baseUrl, root);
      const killed = await jobs.enrich(DETERMINISTIC_ENRICHERS);
      const isMidRun = await waitUntil(
        async () =>
          eventLogLines(root).lines.some(
            (e) => e.job_id === killed && e.event_type === 'enrichment.enricher.started',
          ),
        60_000,
        20,
      );
      report.check(isMidRun, 'the run never started');
      await runner.kill('SIGKILL');
      report.figure('status_after_kill', (await jobs.statusOf(killed)) ?? 'unknown');
      // No reconcile: the viewer's reads (or the restarted runner) fail the job once its lease lapsed.
      const killedAt = Date.now();
      await runner.start();
      const final = await jobs.waitEnded(killed, 30_000);
      report.figure('killed_job', final ?? 'unknown');
      report.figure('killed_job_ended_after_ms', Date.now() - killedAt);
      report.check(final === 'failed', `the killed job ended ${final}, not failed`);
      const reconcile = await jobs.call('POST', '/api/jobs/reconcile');
      const reconciled = (reconcile.body.reconciled as unknown[] | undefined)?.length ?? 0;
      report.figure('reconciled_after', reconciled);
      report.check(reconciled === 0, `reconcile still found ${reconciled} jobs to fail`);
      const next = await jobs.enrich(DETERMINISTIC_ENRICHERS);
      const nextStatus = await jobs.waitEnded(next, 120_000);
      report.figure('next_job', nextStatus ?? 'unknown');
      const why =
        nextStatus === 'succeeded' ? '' : (await jobs.call('GET', `/api/jobs/${next}`)).body.error;
      report.check(nextStatus === 'succeeded', `the next run ended ${nextStatus}: ${why}`);
      const { lines, torn } = eventLogLines(root);
      report.figure('event_lines', lines.length);
      report.figure('torn_lines', torn);
      report.check(torn === 0, `${torn} torn lines in enrichments/run.jsonl`);
      const summary = JSON.parse(
        readFileSync(join(root, 'enrichments', 'run_summary.json'), 'utf8'),
      );
      report.check(summary.job_id === next, 'run_summary.json is not the next run’s');
      report.check(typeof summary.per_enricher === 'object', 'run_summary.json lacks per_enricher');
    }),
  );
}
