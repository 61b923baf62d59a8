import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JobRecord } from '@podcast/contracts';
import type { RedisPrefix } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { type ViewerOnRedis, viewerOnRedis } from './support/jobs-harness.js';

const TOKEN = 'scheduled-jobs-operator-token';
const HAND_EDITED = `profile: dev
scheduled_jobs:
  - name: nightly
    cron: "0 6 * * *"
  - name: paused
    cron: "0 * * * *"
    enabled: false
  - name: typo
    cron: "99 * * * *"
  - name: weekly-digest
    cron: "0 8 * * 1"
    kind: digest
  - cron: "0 1 * * *"
  - name: nightly
    cron: "0 7 * * *"
`;

let stack: ViewerOnRedis;
let redis: RedisPrefix;
let viewer: ViewerTestApp;
let root: string;

beforeAll(() => {
  stack = viewerOnRedis('scheduled-jobs', TOKEN, {
    operatorFile: HAND_EDITED,
    now: () => new Date('2026-11-26T05:30:00Z'),
  });
  ({ redis, viewer } = stack);
  root = stack.corpus.corpusDir;
});

afterAll(() => stack.close());

describe('GET /api/scheduled-jobs', () => {
  it('lists every entry of a hand-edited file, with next_run_at in UTC or the reason it has none', async () => {
    const res = await request(viewer.app).get('/api/scheduled-jobs').query({ path: root });
    expect(res.status).toBe(200);
    expect(res.body.path).toBe(root);
    expect(res.body.scheduled_jobs).toEqual([
      {
        name: 'nightly',
        cron: '0 6 * * *',
        enabled: true,
        next_run_at: '2026-11-26T06:00:00.000Z',
        reason: null,
      },
      { name: 'paused', cron: '0 * * * *', enabled: false, next_run_at: null, reason: 'disabled' },
      {
        name: 'typo',
        cron: '99 * * * *',
        enabled: true,
        next_run_at: null,
        reason: expect.stringMatching(/^invalid cron/),
      },
      {
        name: 'weekly-digest',
        cron: '0 8 * * 1',
        enabled: true,
        kind: 'digest',
        next_run_at: null,
        reason: 'kind digest is not run by the jobs scheduler',
      },
      {
        name: 'entry-5',
        cron: '0 1 * * *',
        enabled: false,
        next_run_at: null,
        reason: expect.stringMatching(/^invalid entry: name/),
      },
      {
        name: 'nightly',
        cron: '0 7 * * *',
        enabled: true,
        next_run_at: null,
        reason: 'duplicate name: only the first entry runs',
      },
    ]);
  });

  it('answers an empty list for a corpus without the block', async () => {
    const bare = buildViewerTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } });
    try {
      const res = await request(bare.app).get('/api/scheduled-jobs');
      expect(res.body.scheduled_jobs).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('the scheduler', () => {
  async function scheduledJobs(): Promise<JobRecord[]> {
    const res = await request(viewer.app).get('/api/jobs').query({ path: root, limit: 1000 });
    return (res.body.jobs as JobRecord[]).filter((j) => j.idempotency_key?.startsWith('schedule:'));
  }

  it('enqueues a job on time after a PUT of the block, and stops after the block goes', async () => {
    const put = await stack.operator('put', '/api/operator-config').send({
      content:
        'profile: dev\nscheduled_jobs:\n  - name: every-second\n    cron: "* * * * * *"\n    kind: enrichment\n',
    });
    expect(put.status).toBe(200);
    const deadline = Date.now() + 5000;
    let found: JobRecord[] = [];
    while (found.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      found = await scheduledJobs();
    }
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({
      command_type: 'corpus_enrichment',
      status: 'queued',
      corpus_path: root,
    });

    const off = await stack
      .operator('put', '/api/operator-config')
      .send({ content: 'profile: dev\n' });
    expect(off.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    const settled = (await scheduledJobs()).length;
    await new Promise((r) => setTimeout(r, 2000));
    expect((await scheduledJobs()).length).toBe(settled);
  });
});

describe('one cron check for PUT /api/operator-config and GET /api/scheduled-jobs', () => {
  const fileWith = (cron: string) =>
    `profile: dev\nscheduled_jobs:\n  - name: probe\n    cron: ${JSON.stringify(cron)}\n`;

  it('refuses a cron that can never fire, naming the field', async () => {
    const res = await stack
      .operator('put', '/api/operator-config')
      .send({ content: fileWith('0 0 30 2 *') });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'body.content.scheduled_jobs.0.cron', message: expect.stringMatching(/day/) },
    ]);
  });

  it.each([
    '0 0 30 2 *',
    '0 0 31 4,6,9,11 *',
    '* * * *',
    'H 3 * * *',
    '@Weekly',
    '61 * * * *',
    '0 0 29 2 *',
    '0 6 * * 1-5',
    '@daily',
  ])(
    'PUT accepts %j exactly when GET, reading it written by hand, gives a next run',
    async (cron) => {
      writeFileSync(join(root, 'viewer_operator.yaml'), fileWith(cron));
      const listed = await request(viewer.app).get('/api/scheduled-jobs').query({ path: root });
      const runs = listed.body.scheduled_jobs[0].next_run_at !== null;
      const put = await stack
        .operator('put', '/api/operator-config')
        .send({ content: fileWith(cron) });
      expect([put.status, runs]).toEqual(runs ? [200, true] : [400, false]);
    },
  );

  afterAll(async () => {
    await stack.operator('put', '/api/operator-config').send({ content: 'profile: dev\n' });
  });
});
