import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySampleCorpus } from '../../sample-corpus.js';
import { sleep, waitUntil } from '../free-port.js';
import { jobsClient } from '../jobs-client.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { OPERATOR_TOKEN, withStack } from '../stack.js';

const EVERY_S = 3;

interface ListedJob {
  job_id: string;
  status: string;
  idempotency_key: string | null;
}

/** How many times each job went `running`, from the corpus's job mirror. */
function runsPerJob(root: string): Map<string, number> {
  const runs = new Map<string, number>();
  const text = readFileSync(join(root, '.viewer', 'jobs.jsonl'), 'utf8');
  for (const line of text.split('\n').filter((l) => l !== '')) {
    const row = JSON.parse(line) as { job_id: string; status: string };
    if (row.status === 'running') {
      runs.set(row.job_id, (runs.get(row.job_id) ?? 0) + 1);
    }
  }
  return runs;
}

/**
 * Two viewers (each holding the cron scheduler of the operator file) and
 * two enrichment runners on one Redis, a pipeline schedule every 3 s:
 * each slot becomes one registry job (one idempotency key each), run once
 * by one runner. Without PIPELINE_COMMAND the job fails at once, which is
 * enough: the count is what is checked.
 */
export function twinRunnersCronScenario(
  options: { seconds?: number } = {},
): Promise<ScenarioResult> {
  const seconds = options.seconds ?? 15;
  return runScenario('twin-runners-cron', (report) =>
    withStack(async (stack) => {
      const redis = await stack.startRedis();
      const corpus = copySampleCorpus('chaos-cron');
      stack.defer(() => corpus.remove());
      const root = corpus.corpusDir;
      writeFileSync(
        join(root, 'viewer_operator.yaml'),
        `scheduled_jobs:\n  - name: chaos\n    cron: "*/${EVERY_S} * * * * *"\n`,
      );
      const env = { REDIS_URL: redis.url, CORPUS_DIR: root };
      const [a] = await Promise.all([
        stack.startApi('viewer-api', { ...env, OPERATOR_TOKEN }),
        stack.startApi('viewer-api', { ...env, OPERATOR_TOKEN }),
      ]);
      stack.startWorker('enrichment-runner', env);
      stack.startWorker('enrichment-runner', env);
      const jobs = jobsClient((a as { baseUrl: string }).baseUrl, root);
      const from = Date.now();
      await sleep(seconds * 1000);
      const slots = Math.floor((Date.now() - from) / 1000 / EVERY_S);
      let listed: ListedJob[] = [];
      await waitUntil(
        async () => {
          listed = (await jobs.call('GET', '/api/jobs?limit=1000')).body.jobs as ListedJob[];
          return listed.every((job) => job.status !== 'queued' && job.status !== 'running');
        },
        30_000,
        250,
      );
      const keys = new Set(listed.map((job) => job.idempotency_key));
      const runs = runsPerJob(root);
      report.figure('slots', slots);
      report.figure('jobs', listed.length);
      report.figure('distinct_slots', keys.size);
      report.figure('max_runs_per_job', Math.max(0, ...runs.values()));
      report.check(
        listed.length === keys.size,
        `${listed.length - keys.size} slots fired more than once`,
      );
      report.check(
        Math.abs(listed.length - slots) <= 2,
        `${listed.length} jobs for about ${slots} slots`,
      );
      report.check(
        [...runs.values()].every((n) => n === 1),
        'a job ran more than once',
      );
    }),
  );
}
