import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobRecord } from '@podcast/contracts';
import {
  copySampleCorpus,
  createRedisPrefix,
  type RedisPrefix,
  type SampleCorpusCopy,
} from '@podcast/testing';
import type { Express } from 'express';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './build-viewer-test-app.js';

const RUNNER_MAIN = fileURLToPath(
  new URL('../../../enrichment-runner/dist/bundle.mjs', import.meta.url),
);
export const FAKE_PIPELINE = fileURLToPath(new URL('./fake-pipeline.mjs', import.meta.url));

export interface RunnerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the runner listens on its queues. */
  ready(): Promise<void>;
  /** SIGTERM and wait for the exit; SIGKILL with `kill: true`. */
  stop(kill?: boolean): Promise<number | null>;
}

/** The real enrichment-runner process (its compiled entry point) on the test's Redis prefix. */
export function startRunner(env: Record<string, string>): RunnerProcess {
  const child = spawn(process.execPath, [RUNNER_MAIN], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    output: () => text,
    ready: async () => {
      const deadline = Date.now() + 10_000;
      while (!text.includes('runner waiting for jobs')) {
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`the runner did not start:\n${text}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: async (kill = false) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(kill ? 'SIGKILL' : 'SIGTERM');
      }
      return exited;
    },
  };
}

/**
 * `method url` as the operator (bearer `token`) on the corpus at `root`, named
 * by the `path` query; more query fields and a body can be chained.
 */
export function asOperator(
  app: Express,
  root: string,
  token: string,
  method: 'get' | 'post' | 'put',
  url: string,
) {
  return request(app)[method](url).query({ path: root }).set('Authorization', `Bearer ${token}`);
}

/** Whether the job has ended, whatever its outcome: a `done` for waitForJob. */
export const hasEnded = (job: JobRecord): boolean =>
  job.status !== 'queued' && job.status !== 'running';

/** Polls GET /api/jobs/{id} until `done` holds (10 s at most). */
export async function waitForJob(
  app: Express,
  root: string,
  jobId: string,
  done: (job: JobRecord) => boolean,
  timeoutMs = 10_000,
): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(app).get(`/api/jobs/${jobId}`).query({ path: root });
    const job = res.body as JobRecord;
    if (res.status === 200 && done(job)) {
      return job;
    }
    if (Date.now() > deadline) {
      throw new Error(`job ${jobId} never got there: ${JSON.stringify(res.body)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ViewerOnRedis {
  viewer: ViewerTestApp;
  corpus: SampleCorpusCopy;
  redis: RedisPrefix;
  /** `method url` as the operator on the corpus copy (see asOperator). */
  operator(method: 'get' | 'post' | 'put', url: string): ReturnType<typeof asOperator>;
  close(): Promise<void>;
}

export interface ViewerOnRedisOptions {
  /** The corpus' viewer_operator.yaml, written before the app starts; the sample's by default. */
  operatorFile?: string;
  /** The clock routes see; the real clock by default. */
  now?: () => Date;
}

/**
 * The viewer with the jobs group mounted: a copy of the sample corpus, a
 * Redis key prefix of its own and the operator token; `close` removes all three.
 */
export function viewerOnRedis(
  label: string,
  operatorToken: string,
  options: ViewerOnRedisOptions = {},
): ViewerOnRedis {
  const redis = createRedisPrefix();
  const corpus = copySampleCorpus(label);
  if (options.operatorFile !== undefined) {
    writeFileSync(join(corpus.corpusDir, 'viewer_operator.yaml'), options.operatorFile);
  }
  const viewer = buildViewerTestApp({
    corpusDir: corpus.corpusDir,
    operatorToken,
    env: { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix },
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    viewer,
    corpus,
    redis,
    operator: (method, url) => asOperator(viewer.app, corpus.corpusDir, operatorToken, method, url),
    close: async () => {
      await viewer.close();
      await redis.close();
      corpus.remove();
    },
  };
}
