import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JobRecord } from '@podcast/contracts';
import { feedWorkspaceDirName } from '@podcast/corpus';
import { epochKeyOf, RECOVERING } from '@podcast/jobs';
import {
  copySampleCorpus,
  createRedisPrefix,
  type RedisPrefix,
  type SampleCorpusCopy,
} from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import {
  asOperator,
  FAKE_PIPELINE,
  hasEnded,
  type RunnerProcess,
  startRunner,
  waitForJob,
} from './support/jobs-harness.js';

const TOKEN = 'jobs-test-operator-token';
const AUTH = { Authorization: `Bearer ${TOKEN}` };

let redis: RedisPrefix;
let corpus: SampleCorpusCopy;
let viewer: ViewerTestApp;
let runner: RunnerProcess;
let root: string;

/** `method url` as the operator on this file's corpus. */
const operator = (method: 'get' | 'post' | 'put', url: string) =>
  asOperator(viewer.app, root, TOKEN, method, url);

function runnerEnv(): Record<string, string> {
  return {
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    CORPUS_DIR: root,
    PIPELINE_COMMAND: JSON.stringify([process.execPath, FAKE_PIPELINE]),
    RUNNER_LEASE_MS: '1500',
  };
}

const post = (path: string, body: unknown = {}) => operator('post', path).send(body as object);

/** Waits until the job's command printed `text` (it is running its own code by then). */
async function waitForOutput(jobId: string, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await operator('get', '/api/jobs/subprocess-log-tail').query({ job_id: jobId });
    if (res.status === 200 && res.body.text.includes(text)) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`job ${jobId} never printed ${text}: ${JSON.stringify(res.body)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until the job has succeeded (10 s unless `timeoutMs` says otherwise) and answers it. */
const jobSucceeded = (jobId: string, timeoutMs?: number) =>
  waitForJob(viewer.app, root, jobId, (j) => j.status === 'succeeded', timeoutMs);

/** A full batch through the fake pipeline, once it has succeeded. */
async function finishedBatch(): Promise<JobRecord> {
  const res = await post('/api/jobs', {});
  return jobSucceeded(res.body.job_id);
}

beforeAll(async () => {
  redis = createRedisPrefix();
  corpus = copySampleCorpus('jobs');
  root = corpus.corpusDir;
  viewer = buildViewerTestApp({
    corpusDir: root,
    operatorToken: TOKEN,
    env: { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix },
  });
  runner = startRunner(runnerEnv());
  await runner.ready();
});

afterAll(async () => {
  await runner.stop();
  await viewer.close();
  await redis.close();
  corpus.remove();
});

describe('mounting', () => {
  it('reports jobs_api true with REDIS_URL', async () => {
    const res = await request(viewer.app).get('/api/health');
    expect(res.body.jobs_api).toBe(true);
  });

  it('documents the jobs and enrichment routes in the OpenAPI document', async () => {
    const res = await request(viewer.app).get('/openapi.json');
    expect(res.status).toBe(200);
    for (const path of [
      '/api/jobs',
      '/api/jobs/{job_id}/cancel',
      '/api/scheduled-jobs',
      '/api/enrichment/config',
    ]) {
      expect(res.body.paths).toHaveProperty([path]);
    }
    expect(res.body.paths['/api/jobs'].post.requestBody.required).toBeFalsy();
  });

  it('does not mount the jobs API without REDIS_URL', async () => {
    const bare = buildViewerTestApp({ corpusDir: root, operatorToken: TOKEN });
    try {
      expect((await request(bare.app).get('/api/health')).body.jobs_api).toBe(false);
      expect((await request(bare.app).get('/api/jobs')).status).toBe(404);
      expect((await request(bare.app).post('/api/jobs').set(AUTH).send({})).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('a Redis that does not answer', () => {
  it('is a 503 naming Redis, never a 500', async () => {
    const away = buildViewerTestApp({
      corpusDir: root,
      operatorToken: TOKEN,
      env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: redis.prefix },
    });
    try {
      const list = await request(away.app).get('/api/jobs');
      expect(list.status).toBe(503);
      expect(list.body.detail).toMatch(/Redis/);
      const enqueue = await request(away.app).post('/api/jobs').set(AUTH).send({});
      expect(enqueue.status).toBe(503);
    } finally {
      await away.close();
    }
  });
});

describe('POST /api/jobs', () => {
  it('refuses a caller without the operator token', async () => {
    const res = await request(viewer.app).post('/api/jobs').send({});
    expect(res.status).toBe(401);
  });

  it('runs a full batch through the pipeline command and records every step', async () => {
    const res = await post('/api/jobs');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      job_id: expect.stringMatching(/^job_/),
      status: 'queued',
      corpus_path: root,
      command_type: 'pipeline',
      deduplicated: false,
    });
    const job = await jobSucceeded(res.body.job_id);
    expect(job).toMatchObject({ exit_code: 0, error: null, command_type: 'pipeline' });
    expect(job.started_at).not.toBeNull();
    expect(job.worker).toMatch(/:\d+$/);

    const out = await operator('get', '/api/jobs/subprocess-log').query({ job_id: job.job_id });
    expect(out.status).toBe(200);
    expect(out.headers['content-type']).toMatch(/^text\/plain/);
    const printed = JSON.parse(out.text.split('\n')[0] as string);
    expect(printed).toEqual({ args: ['--output-dir', root], job: job.job_id });

    const log = await operator('get', `/api/jobs/${job.job_id}/log`);
    expect(log.text).toMatch(
      /taken by .*\n.*running .*\n.*exited with code 0\n.*ended succeeded\n$/,
    );

    const rows = readFileSync(join(root, '.viewer', 'jobs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as JobRecord)
      .filter((row) => row.job_id === job.job_id);
    expect(rows.map((row) => row.status)).toEqual(['queued', 'running', 'succeeded']);

    const list = await request(viewer.app).get('/api/jobs').query({ path: root });
    expect(list.status).toBe(200);
    expect(list.body.jobs.map((j: JobRecord) => j.job_id)).toContain(job.job_id);
  });

  it('resolves a feed slug through the feeds spec and passes every parameter', async () => {
    const url = 'https://belowthecurb.show/feed.xml';
    const res = await post('/api/jobs', {
      feed: feedWorkspaceDirName(url),
      skip_existing: true,
      append: true,
      max_episodes: 5,
      episode_offset: 2,
      episode_order: 'oldest',
    });
    expect(res.status).toBe(202);
    const job = await jobSucceeded(res.body.job_id);
    expect(job.params).toEqual({
      feed_url: url,
      skip_existing: true,
      append: true,
      max_episodes: 5,
      episode_offset: 2,
      episode_order: 'oldest',
    });
    const tail = await operator('get', '/api/jobs/subprocess-log-tail').query({
      job_id: job.job_id,
    });
    expect(tail.body).toMatchObject({
      status: 'succeeded',
      done: true,
      truncated: false,
      offset: 0,
    });
    expect(JSON.parse(tail.body.text.split('\n')[0]).args).toEqual([
      '--output-dir',
      root,
      '--feed',
      url,
      '--skip-existing',
      '--append',
      '--max-episodes',
      '5',
      '--episode-offset',
      '2',
      '--episode-order',
      'oldest',
    ]);
  });

  it('takes the sample feed folder of the manifest and an RSS URL as given', async () => {
    const byUrl = await post('/api/jobs', { feed: 'https://example.org/rss' });
    expect(byUrl.status).toBe(202);
  });

  it.each(
    (
      [
        [{ feed: 'rss_unknown_show_00000000' }, 404, /rss_unknown_show_00000000/],
        [{ max_episodes: 3 }, 400, /body\.max_episodes: max_episodes needs feed/],
        [{ episode_order: 'newest' }, 400, /body\.episode_order/],
        [{ feed: 'https://a.example/rss', max_episodes: 0 }, 400, /body\.max_episodes/],
        [{ feed: 'https://a.example/rss', episode_offset: -1 }, 400, /body\.episode_offset/],
        [{ feed: 'https://a.example/rss', episode_order: 'random' }, 400, /body\.episode_order/],
        [{ feed: 'https://a.example/rss', max_episodes: 1.5 }, 400, /body\.max_episodes/],
        [{ feed: 'file:///etc/passwd' }, 400, /body\.feed/],
        [{ feed: '../../etc' }, 400, /body\.feed/],
        [{ feed: 'a\u0000b' }, 400, /body\.feed/],
        [{ feed: 'https://a.example/rss\n--output-dir /tmp' }, 400, /body\.feed: .*line breaks/],
        [{ feed: 'https://a.example/my feed.xml' }, 400, /body\.feed: .*spaces/],
        [{ feed: 'https://a.example/\u200brss' }, 400, /body\.feed/],
        [{ feed: 'rss_a\tb' }, 400, /body\.feed/],
        [{ feed: ' rss_example_org_1234abcd' }, 400, /body\.feed/],
        [{ feed: 'javascript:alert(1)' }, 400, /body\.feed: expected an http\(s\) RSS URL/],
        [{ feed: 'http://' }, 400, /body\.feed/],
        [{ feed: `https://a.example/${'x'.repeat(3000)}` }, 400, /body\.feed/],
        [{ surprise: true }, 400, /body/],
        [{ skip_existing: 'yes' }, 400, /body\.skip_existing/],
      ] as const
    ).map(
      ([body, status, detail]) =>
        [JSON.stringify(body).slice(0, 60), status, body, detail] as const,
    ),
  )('answers %s with %i', async (_label, status, body, detail) => {
    const res = await post('/api/jobs', body);
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(detail);
  });

  it('takes a POST without any body as a full batch', async () => {
    const res = await operator('post', '/api/jobs');
    expect(res.status).toBe(202);
    const job = await jobSucceeded(res.body.job_id);
    expect(job.params).toMatchObject({ feed_url: null, skip_existing: false });
  });

  it('fails a job whose command exits non-zero, with the exit code', async () => {
    const res = await post('/api/jobs', { feed: 'https://a.example/rss', max_episodes: 13 });
    const job = await waitForJob(viewer.app, root, res.body.job_id, (j) => j.status === 'failed');
    expect(job.exit_code).toBe(13);
    expect(job.error).toMatch(/exited with code 13/);
    const out = await operator('get', '/api/jobs/subprocess-log').query({ job_id: job.job_id });
    expect(out.text).toContain('feed failed');
  });
});

describe('POST /api/jobs with its parameters in the query', () => {
  const postQuery = (query: Record<string, string>, body?: object) => {
    const call = operator('post', '/api/jobs').query(query);
    return body === undefined ? call : call.send(body);
  };

  it('takes every parameter from the query, as the reference clients send them', async () => {
    const url = 'https://belowthecurb.show/feed.xml';
    const res = await postQuery({
      feed: feedWorkspaceDirName(url),
      skip_existing: 'true',
      append: 'false',
      max_episodes: '4',
      episode_offset: '1',
      episode_order: 'newest',
    });
    expect(res.status).toBe(202);
    const job = await jobSucceeded(res.body.job_id);
    expect(job.params).toEqual({
      feed_url: url,
      skip_existing: true,
      append: false,
      max_episodes: 4,
      episode_offset: 1,
      episode_order: 'newest',
    });
  });

  it('never widens a query feed to a full batch', async () => {
    const res = await postQuery({ feed: 'https://a.example/rss' }, {});
    expect(res.status).toBe(202);
    const job = await jobSucceeded(res.body.job_id);
    expect(job.params).toMatchObject({ feed_url: 'https://a.example/rss' });
  });

  it('merges the query and the body, and takes a parameter given alike in both', async () => {
    const res = await postQuery(
      { feed: 'https://a.example/rss', max_episodes: '2' },
      { max_episodes: 2, episode_order: 'oldest' },
    );
    expect(res.status).toBe(202);
    const job = await jobSucceeded(res.body.job_id);
    expect(job.params).toMatchObject({
      feed_url: 'https://a.example/rss',
      max_episodes: 2,
      episode_order: 'oldest',
    });
  });

  it.each([
    [{ feed: 'https://a.example/rss' }, { feed: 'https://b.example/rss' }, /query\.feed: differs/],
    [
      { feed: 'https://a.example/rss', max_episodes: '2' },
      { max_episodes: 3 },
      /query\.max_episodes: differs/,
    ],
    [{ max_episodes: '3' }, undefined, /query\.max_episodes: max_episodes needs feed/],
    [{ append: 'true' }, {}, /query\.append: .*needs feed/],
    [{ episode_order: 'oldest' }, { skip_existing: true }, /query\.episode_order/],
    [{ feeds: 'https://a.example/rss' }, undefined, /query/],
    [{ feed: 'https://a.example/rss\nx' }, undefined, /query\.feed: .*line breaks/],
    [{ feed: 'rss a' }, undefined, /query\.feed/],
    [{ feed: 'https://a.example/rss', max_episodes: 'many' }, undefined, /query\.max_episodes/],
    [{ feed: 'https://a.example/rss', skip_existing: 'maybe' }, undefined, /query\.skip_existing/],
  ] as const)('answers 400 for query %j with body %j', async (query, body, detail) => {
    const before = await operator('get', '/api/jobs');
    const res = await postQuery(query, body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
    const after = await operator('get', '/api/jobs');
    expect(after.body.count).toBe(before.body.count);
  });
});

describe('POST /api/jobs/enrichment', () => {
  it('runs the enrich command as the job, tying the run to the job id', async () => {
    const res = await post('/api/jobs/enrichment', {
      only: ['temporal_velocity', 'insight_sentiment'],
      corpus_only: true,
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'queued',
      corpus_path: root,
      command_type: 'corpus_enrichment',
    });
    const job = await jobSucceeded(res.body.job_id, 30_000);
    expect(job.params).toEqual({
      only: ['temporal_velocity', 'insight_sentiment'],
      skip: [],
      corpus_only: true,
    });
    const summary = JSON.parse(readFileSync(join(root, 'enrichments', 'run_summary.json'), 'utf8'));
    expect(summary).toMatchObject({ job_id: job.job_id, status: 'ok' });
    expect(summary.per_enricher.temporal_velocity.status).toBe('ok');
    // corpus_only leaves the episode-scope sentiment enricher out.
    expect(summary.per_enricher.insight_sentiment).toMatchObject({ status: 'skipped' });
    const events = readFileSync(join(root, 'enrichments', 'run.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((event) => event.run_id === summary.run_id);
    expect(events.length).toBeGreaterThan(2);
    expect(events.every((event) => event.job_id === job.job_id)).toBe(true);
    const list = await request(viewer.app)
      .get('/api/jobs')
      .query({ path: root, command_type: 'corpus_enrichment' });
    expect(list.body.jobs.map((j: JobRecord) => j.job_id)).toContain(job.job_id);
    expect(list.body.jobs.every((j: JobRecord) => j.command_type === 'corpus_enrichment')).toBe(
      true,
    );
  });

  it('takes a POST without any body as a run of the configured enrichers', async () => {
    const res = await operator('post', '/api/jobs/enrichment');
    expect(res.status).toBe(202);
    expect(res.body.command_type).toBe('corpus_enrichment');
    await waitForJob(viewer.app, root, res.body.job_id, hasEnded, 30_000);
  });

  it.each([
    [{ only: ['bad id'] }, /body\.only\.0/],
    [{ only: 'temporal_velocity' }, /body\.only/],
    [{ corpus_only: 'yes' }, /body\.corpus_only/],
    [{ extra: 1 }, /body/],
  ])('refuses %j with a 400', async (body, detail) => {
    const res = await post('/api/jobs/enrichment', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });
});

describe('Idempotency-Key', () => {
  it('makes twenty concurrent repeats one job', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/jobs', { feed: 'https://a.example/rss' }).set('Idempotency-Key', 'batch-7'),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(202));
    const ids = new Set(answers.map((res) => res.body.job_id));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.body.deduplicated === false)).toHaveLength(1);
    const list = await request(viewer.app).get('/api/jobs').query({ path: root, limit: 1000 });
    const same = list.body.jobs.filter((j: JobRecord) => j.idempotency_key === 'batch-7');
    expect(same).toHaveLength(1);
  });

  it('refuses the key with a different body, naming the header', async () => {
    await post('/api/jobs/enrichment', { only: ['insight_density'] }).set('Idempotency-Key', 'k-1');
    const res = await post('/api/jobs/enrichment', { only: ['temporal_velocity'] }).set(
      'Idempotency-Key',
      'k-1',
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/^headers\.idempotency-key/);
  });

  it.each([
    ['with a space', 'has space'],
    ['of 256 characters', 'x'.repeat(256)],
    ['outside ASCII', 'é'],
  ])('refuses a key %s with a 400', async (_label, key) => {
    const res = await post('/api/jobs', {}).set('Idempotency-Key', key);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^headers\.idempotency-key/);
  });
});

describe('cancel', () => {
  it('cancels a queued job at once and a running one at its next safe point', async () => {
    // One pipeline at a time: the second job waits behind the first.
    const slow = await post('/api/jobs', { feed: 'https://a.example/rss', max_episodes: 999 });
    await waitForOutput(slow.body.job_id, 'working');
    const queued = await post('/api/jobs', { feed: 'https://b.example/rss' });
    expect(queued.body.status).toBe('queued');

    const first = await post(`/api/jobs/${queued.body.job_id}/cancel`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'cancelled', error: 'cancelled by an operator' });
    const again = await post(`/api/jobs/${queued.body.job_id}/cancel`);
    expect(again.status).toBe(200);

    const running = await post(`/api/jobs/${slow.body.job_id}/cancel`);
    expect(running.status).toBe(200);
    expect(running.body.cancel_requested_at).not.toBeNull();
    const ended = await waitForJob(
      viewer.app,
      root,
      slow.body.job_id,
      (j) => j.status === 'cancelled',
    );
    expect(ended.error).toBe('cancelled by an operator while running');
    const out = await operator('get', '/api/jobs/subprocess-log').query({
      job_id: slow.body.job_id,
    });
    expect(out.text).toContain('stopping at a safe point');

    // The cancelled queued job never ran.
    const never = await waitForJob(viewer.app, root, queued.body.job_id, () => true);
    expect(never.started_at).toBeNull();
  });

  it('answers 409 for a job that already ended, 404 for an unknown or malformed id', async () => {
    const done = await post('/api/jobs', {});
    await jobSucceeded(done.body.job_id);
    const res = await post(`/api/jobs/${done.body.job_id}/cancel`);
    expect(res.status).toBe(409);
    expect((await post('/api/jobs/job_0000000000000000/cancel')).status).toBe(404);
    const bad = await post('/api/jobs/..%2F..%2Fetc/cancel');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^params\.job_id/);
  });
});

describe('a registry being recovered after Redis lost its data', () => {
  it('answers a job it cannot find with 503 and Retry-After until the recovery settles, then 404', async () => {
    const marker = epochKeyOf(redis.prefix);
    const done = await post('/api/jobs', {});
    await jobSucceeded(done.body.job_id);
    const settled = await redis.withClient((client) => client.get(marker));
    expect(settled).not.toBeNull();
    const missing = 'job_0000000000000000';
    try {
      // As another replica's claim reads while it writes the lost jobs back.
      await redis.withClient((client) => client.set(marker, `${RECOVERING}${settled}`));
      const recovering = await operator('get', `/api/jobs/${missing}`);
      expect(recovering.status).toBe(503);
      expect(recovering.headers['retry-after']).toBe('1');
      expect(recovering.body.detail).toMatch(/recovered after Redis lost its data/);
      expect((await post(`/api/jobs/${missing}/cancel`)).status).toBe(503);
      // A job that is there answers as always.
      expect((await operator('get', `/api/jobs/${done.body.job_id}`)).status).toBe(200);
    } finally {
      await redis.withClient((client) => client.set(marker, settled as string));
    }
    expect((await operator('get', `/api/jobs/${missing}`)).status).toBe(404);
  });
});

describe('.viewer/jobs.paused', () => {
  it('keeps jobs queued while the flag file exists, and runs them once it is gone', async () => {
    const flag = join(root, '.viewer', 'jobs.paused');
    writeFileSync(flag, '');
    try {
      const res = await post('/api/jobs', {});
      await new Promise((r) => setTimeout(r, 1500));
      const waiting = await waitForJob(viewer.app, root, res.body.job_id, () => true);
      expect(waiting.status).toBe('queued');
      rmSync(flag);
      const job = await jobSucceeded(res.body.job_id, 15_000);
      expect(job.exit_code).toBe(0);
    } finally {
      rmSync(flag, { force: true });
    }
  });
});

describe('logs', () => {
  it('tails a log at a line start within max_bytes', async () => {
    const job = await finishedBatch();
    const tail = await operator('get', `/api/jobs/${job.job_id}/log-tail`).query({ max_bytes: 40 });
    expect(tail.status).toBe(200);
    expect(tail.body.truncated).toBe(true);
    expect(Buffer.byteLength(tail.body.text)).toBeLessThanOrEqual(40);
    expect(tail.body.offset + Buffer.byteLength(tail.body.text)).toBe(tail.body.size);
    expect(tail.body.text).toMatch(/ended succeeded\n$/);
  });

  it.each([
    [`/api/jobs/subprocess-log`, {}, 400, /query\.job_id/],
    [
      `/api/jobs/subprocess-log-tail`,
      { job_id: 'job_0000000000000000', max_bytes: 0 },
      400,
      /query\.max_bytes/,
    ],
    [
      `/api/jobs/subprocess-log-tail`,
      { job_id: 'job_0000000000000000', max_bytes: 2_000_000 },
      400,
      /query\.max_bytes/,
    ],
    [`/api/jobs/subprocess-log`, { job_id: 'job_0000000000000000' }, 404, /job_0000000000000000/],
    [`/api/jobs/job_0000000000000000/log`, {}, 404, /job_0000000000000000/],
  ])('GET %s %j answers %i', async (path, query, status, detail) => {
    const res = await operator('get', path).query({ ...query });
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(detail);
  });

  it('refuses a whole log over 10 MB as a problem, and still tails it', async () => {
    const job = await finishedBatch();
    writeFileSync(
      join(root, '.viewer', 'jobs', `${job.job_id}.subprocess.log`),
      `${'x'.repeat(99)}\n`.repeat(110_000),
    );
    const whole = await operator('get', '/api/jobs/subprocess-log').query({ job_id: job.job_id });
    expect(whole.status).toBe(413);
    expect(whole.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(whole.body.detail).toMatch(/11000000 bytes: read it with the tail route/);
    const tail = await operator('get', '/api/jobs/subprocess-log-tail').query({
      job_id: job.job_id,
      max_bytes: 250,
    });
    expect(tail.body).toMatchObject({
      size: 11_000_000,
      truncated: true,
      text: `${'x'.repeat(99)}\n`.repeat(2),
    });
  });

  it('never reads a log that a symlink leads out of the corpus', async () => {
    const job = await finishedBatch();
    const outside = join(corpus.dir, 'secret.txt');
    writeFileSync(outside, 'not for the API\n');
    const log = join(root, '.viewer', 'jobs', `${job.job_id}.log`);
    rmSync(log);
    symlinkSync(outside, log);
    const tail = await operator('get', `/api/jobs/${job.job_id}/log-tail`);
    expect(tail.status).toBe(200);
    expect(tail.body).toMatchObject({ text: '', size: 0 });
    const whole = await operator('get', `/api/jobs/${job.job_id}/log`);
    expect(whole.text).toBe('');
  });

  it('needs the operator token for logs', async () => {
    const res = await request(viewer.app).get('/api/jobs/job_0000000000000000/log');
    expect(res.status).toBe(401);
  });
});

describe('a runner that dies mid-run', () => {
  it('is reconciled to failed, and a new runner starts cleanly', async () => {
    // Let the jobs of earlier tests end, so only the slow one is in flight.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const list = await request(viewer.app).get('/api/jobs').query({ path: root, limit: 1000 });
      const open = (list.body.jobs as JobRecord[]).filter(
        (j) => j.status === 'queued' || j.status === 'running',
      );
      if (open.length === 0 || Date.now() > deadline) {
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const slow = await post('/api/jobs', { feed: 'https://a.example/rss', max_episodes: 999 });
    await waitForOutput(slow.body.job_id, 'working');
    await runner.stop(true);

    const early = await post('/api/jobs/reconcile');
    expect(early.body.reconciled).toEqual([]);
    await new Promise((r) => setTimeout(r, 1700));
    const res = await post('/api/jobs/reconcile');
    expect(res.status).toBe(200);
    expect(res.body.reconciled).toEqual([
      {
        job_id: slow.body.job_id,
        previous_status: 'running',
        status: 'failed',
        reason: expect.stringMatching(/stopped renewing its lease/),
      },
    ]);

    runner = startRunner(runnerEnv());
    await runner.ready();
    const next = await post('/api/jobs', {});
    const job = await jobSucceeded(next.body.job_id);
    expect(job.exit_code).toBe(0);
    const stale = await waitForJob(viewer.app, root, slow.body.job_id, () => true);
    expect(stale.status).toBe('failed');
    for (const line of readFileSync(join(root, '.viewer', 'jobs.jsonl'), 'utf8')
      .trim()
      .split('\n')) {
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});
