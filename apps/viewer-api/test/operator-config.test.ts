import { readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ForbiddenOperatorKeysProblem,
  OperatorConfigResponse,
  type ScheduledJob,
} from '@podcast/contracts';
import { createCorpusRegistry, updateOperatorBlock } from '@podcast/corpus';
import { copySampleCorpusTo, createScratch } from '@podcast/testing';
import { pino } from 'pino';
import request from 'supertest';
import { parse } from 'yaml';
import { buildViewerApp } from '../src/app.js';
import { loadViewerConfig } from '../src/env.js';
import { longestBlockDuring } from './support/event-loop.js';

const TOKEN = 'operator-token-for-tests-0002';
const auth = { authorization: `Bearer ${TOKEN}` };
const logger = pino({ level: 'silent' });
const registry = createCorpusRegistry({ logger, watch: false, refreshIntervalMs: 60_000 });

let work = '';
let corpus = '';
let outside = '';
let reloads: { root: string; jobs: ScheduledJob[] }[] = [];
let defaultApp: ReturnType<typeof buildViewerApp>;

function appFor(env: Record<string, string> = {}, onScheduledJobsChanged = recordReload) {
  const config = loadViewerConfig({ CORPUS_DIR: corpus, OPERATOR_TOKEN: TOKEN, ...env });
  return buildViewerApp({
    config,
    corpus: registry,
    logger,
    now: () => new Date(),
    onScheduledJobsChanged,
  });
}

function recordReload(change: { root: string; jobs: ScheduledJob[] }) {
  reloads.push(change);
}

const operatorFile = () => path.join(corpus, 'viewer_operator.yaml');
const stored = () => readFile(operatorFile(), 'utf8');
const put = (content: string, app = defaultApp) =>
  request(app).put('/api/operator-config').set(auth).send({ content });

beforeAll(async () => {
  work = createScratch('operator-config').dir;
  corpus = path.join(work, 'corpus');
  outside = path.join(work, 'outside');
  copySampleCorpusTo(corpus);
  copySampleCorpusTo(outside);
  defaultApp = appFor();
});

afterAll(async () => {
  registry.close();
  await rm(work, { recursive: true, force: true });
});

async function resetFile(text: string | undefined) {
  await unlink(operatorFile()).catch(() => undefined);
  if (text !== undefined) {
    await writeFile(operatorFile(), text);
  }
  reloads = [];
}

/**
 * PUTs `text` over a file holding `profile: dev`, expects `status` and the file
 * untouched; answers the response for the checks of its body.
 */
async function putRefused(text: string, status: number) {
  await resetFile('profile: dev\n');
  const res = await put(text);
  expect(res.status).toBe(status);
  expect(await stored()).toBe('profile: dev\n');
  return res;
}

describe('GET /api/operator-config', () => {
  it('seeds a missing file with the cloud_balanced profile, then serves it', async () => {
    await resetFile(undefined);
    const res = await request(defaultApp).get('/api/operator-config');
    expect(res.status).toBe(200);
    const body = OperatorConfigResponse.parse(res.body);
    expect(body).toEqual({
      content: 'profile: cloud_balanced\n',
      operator_config_path: operatorFile(),
      available_profiles: expect.arrayContaining(['cloud_balanced', 'dev', 'test_default']),
    });
    expect(body.available_profiles).not.toContain('example.example');
    expect(body.available_profiles).not.toContain('bakeoff_a');
    expect(await stored()).toBe('profile: cloud_balanced\n');
  });

  it('seeds a file that holds only whitespace', async () => {
    await resetFile('  \n\n\t\n');
    const res = await request(defaultApp).get('/api/operator-config');
    expect(res.body.content).toBe('profile: cloud_balanced\n');
    expect(await stored()).toBe('profile: cloud_balanced\n');
  });

  it('serves an existing file verbatim without rewriting it', async () => {
    const text = '# lab settings\nprofile: dev   # fast\nwhisper_model: base\n';
    await resetFile(text);
    const res = await request(defaultApp).get('/api/operator-config');
    expect(res.body.content).toBe(text);
    expect(await stored()).toBe(text);
  });

  it('does not seed when cloud_balanced is not among the available profiles', async () => {
    await resetFile(undefined);
    const app = appFor({ PODCAST_AVAILABLE_PROFILES: 'dev,local' });
    const res = await request(app).get('/api/operator-config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content: '', available_profiles: ['dev', 'local'] });
    await expect(stored()).rejects.toThrow(/ENOENT/);
  });

  it.each([
    ['a credential', 'profile: dev\nOpenAI-Api-Key: sk-live-123\n', ['OpenAI-Api-Key']],
    [
      'a credential in a file that does not parse',
      'profile: [dev\nsmtp_password: hunter2\n',
      ['smtp_password'],
    ],
  ])(
    'answers 409 naming the keys when the stored file holds %s, without its content',
    async (_l, text, keys) => {
      await resetFile(text);
      const res = await request(defaultApp).get('/api/operator-config');
      expect(res.status).toBe(409);
      expect(res.body.keys).toEqual(keys);
      expect(res.body.content).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toMatch(/sk-live|hunter2|a\.example/);
    },
  );
});

describe('a stored feed list (spec 03 keeps it through enrichment edits)', () => {
  it('is served by GET, and a PUT of the same content names the feed key', async () => {
    const text = 'profile: dev\nfeeds:\n  - https://a.example/rss\n';
    await resetFile(text);
    const res = await request(defaultApp).get('/api/operator-config');
    expect(res.status).toBe(200);
    expect(res.body.content).toBe(text);
    const put = await request(defaultApp)
      .put('/api/operator-config')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send({ content: text });
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({ error: 'forbidden_operator_feed_keys', keys: ['feeds'] });
    expect(await stored()).toBe(text);
  });
});

describe('PUT /api/operator-config', () => {
  it('refuses a caller without the operator token and writes nothing', async () => {
    await resetFile('profile: dev\n');
    const res = await request(defaultApp)
      .put('/api/operator-config')
      .send({ content: 'profile: local\n' });
    expect(res.status).toBe(401);
    expect(await stored()).toBe('profile: dev\n');
  });

  it('stores the text exactly, comments and unknown keys included', async () => {
    await resetFile('profile: dev\n');
    const text =
      '# Lab corpus\nprofile: local # GPU box\n\nwhisper_model: "large-v3"\ncustom:\n  a: [1, 2]\n';
    const res = await put(text);
    expect(res.status).toBe(200);
    expect(OperatorConfigResponse.parse(res.body).content).toBe(text);
    expect(await stored()).toBe(text);
    expect((await request(defaultApp).get('/api/operator-config')).body.content).toBe(text);
  });

  it.each([
    ['YAML that does not parse', 'profile: [dev\n'],
    ['a list at the root', '- profile: dev\n'],
    ['a scalar at the root', 'just some words\n'],
  ])('answers 422 for %s and writes nothing', async (_label, text) => {
    const res = await putRefused(text, 422);
    expect(res.body.detail).toMatch(/^body\.content: /);
  });

  it.each([
    [
      'feed keys only',
      'profile: dev\nRSS: https://a.example/rss\nrss-urls: []\n',
      'forbidden_operator_feed_keys',
      ['RSS', 'rss-urls'],
    ],
    [
      'a credential and a feed key',
      'profile: dev\nfeeds: []\nhf_token: abc\n',
      'forbidden_operator_keys',
      ['feeds', 'hf_token'],
    ],
    [
      'a nested credential',
      'enrichment:\n  enrichers:\n    topic_similarity:\n      provider: {type: x, Vendor-API-Key: k}\n',
      'forbidden_operator_keys',
      ['enrichment.enrichers.topic_similarity.provider.Vendor-API-Key'],
    ],
    [
      'a password',
      'smtp_password: x\nclient_secret: y\n',
      'forbidden_operator_keys',
      ['smtp_password', 'client_secret'],
    ],
  ])('answers 400 naming the keys for %s and writes nothing', async (_label, text, error, keys) => {
    const res = await putRefused(text, 400);
    const body = ForbiddenOperatorKeysProblem.parse(res.body);
    expect(body).toMatchObject({ error, keys });
    for (const key of keys) {
      expect(body.detail).toContain(key);
    }
  });

  it.each([
    ['scheduled_jobs.0.name', 'scheduled_jobs:\n  - {name: "no spaces", cron: "@daily"}\n'],
    ['scheduled_jobs.0.cron', 'scheduled_jobs:\n  - {name: nightly, cron: "0 25 * * *"}\n'],
    [
      'scheduled_jobs.0.kind',
      'scheduled_jobs:\n  - {name: nightly, cron: "@daily", kind: backup}\n',
    ],
    [
      'scheduled_jobs.1.name',
      'scheduled_jobs:\n  - {name: a, cron: "@daily"}\n  - {name: a, cron: "@hourly"}\n',
    ],
    ['profile', 'profile: warp_speed\n'],
    ['enrichment.fail_on_run_cost_cap', 'enrichment:\n  fail_on_run_cost_cap: sometimes\n'],
  ])('answers 400 naming body.content.%s and writes nothing', async (field, text) => {
    const res = await putRefused(text, 400);
    expect(res.body.errors[0].field).toBe(`body.content.${field}`);
    expect(res.body.detail).toContain(`body.content.${field}`);
  });

  it('answers 400 when content is missing or not a string', async () => {
    const app = defaultApp;
    const missing = await request(app).put('/api/operator-config').set(auth).send({});
    const numeric = await request(app).put('/api/operator-config').set(auth).send({ content: 3 });
    expect([missing.status, numeric.status]).toEqual([400, 400]);
    expect(missing.body.errors[0].field).toBe('body.content');
  });

  it('leaves exactly one of the bodies when PUTs race', async () => {
    await resetFile('profile: dev\n');
    const app = defaultApp;
    const bodies = Array.from(
      { length: 12 },
      (_, n) => `# writer ${n}\nprofile: dev\nnotes: "${String(n).repeat(20_000)}"\n`,
    );
    const results = await Promise.all(bodies.map((body) => put(body, app)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(bodies).toContain(await stored());
  });
});

describe('scheduler reload hook', () => {
  const jobs = 'scheduled_jobs:\n  - {name: nightly, cron: "0 3 * * *", kind: pipeline}\n';

  it('fires with the parsed jobs when a PUT changes scheduled_jobs', async () => {
    await resetFile('profile: dev\n');
    expect((await put(`profile: dev\n${jobs}`)).status).toBe(200);
    expect(reloads).toEqual([
      {
        root: corpus,
        jobs: [{ name: 'nightly', cron: '0 3 * * *', enabled: true, kind: 'pipeline' }],
      },
    ]);
  });

  it('does not fire when scheduled_jobs is unchanged', async () => {
    await resetFile(`profile: dev\n${jobs}`);
    expect((await put(`# new comment\nprofile: local\n${jobs}`)).status).toBe(200);
    expect(reloads).toEqual([]);
  });

  it('fires with an empty list when the block is removed', async () => {
    await resetFile(`profile: dev\n${jobs}`);
    await put('profile: dev\n');
    expect(reloads).toEqual([{ root: corpus, jobs: [] }]);
  });

  it('still answers 200 when the reload fails, the file being stored', async () => {
    await resetFile('profile: dev\n');
    const failing = appFor({}, () => {
      throw new Error('scheduler down');
    });
    const res = await put(`profile: dev\n${jobs}`, failing);
    expect(res.status).toBe(200);
    expect(await stored()).toBe(`profile: dev\n${jobs}`);
  });
});

describe('updateOperatorBlock (for the enrichment config route)', () => {
  it('sets one block and keeps comments and every other key', async () => {
    const text =
      '# Lab corpus\nprofile: local # GPU box\n\n# pipeline\nwhisper_model: "large-v3"\n';
    await resetFile(text);
    await updateOperatorBlock(corpus, 'enrichment', {
      enabled: true,
      enrichers: { temporal_velocity: {} },
    });
    const after = await stored();
    expect(after.startsWith(text)).toBe(true);
    expect(parse(after)).toEqual({
      profile: 'local',
      whisper_model: 'large-v3',
      enrichment: { enabled: true, enrichers: { temporal_velocity: {} } },
    });
  });

  it('refuses a block holding a credential and writes nothing', async () => {
    await resetFile('profile: dev\n');
    await expect(
      updateOperatorBlock(corpus, 'enrichment', {
        enrichers: { x: { provider: { api_key: 'k' } } },
      }),
    ).rejects.toMatchObject({ kind: 'invalid', extra: { error: 'forbidden_operator_keys' } });
    expect(await stored()).toBe('profile: dev\n');
  });
});

describe('path confinement of /api/operator-config', () => {
  it.each([
    ['a directory outside the roots', () => `path=${encodeURIComponent(outside)}`],
    ['a traversal', () => `path=${encodeURIComponent(`${corpus}/../outside`)}`],
    ['an URL-encoded traversal', () => `path=${encodeURIComponent(corpus)}%2F%2e%2e%2Foutside`],
  ])('refuses %s with 403 and creates nothing there', async (_label, query) => {
    const app = defaultApp;
    const get = await request(app).get(`/api/operator-config?${query()}`);
    const putRes = await request(app)
      .put(`/api/operator-config?${query()}`)
      .set(auth)
      .send({ content: 'profile: dev\n' });
    expect([get.status, putRes.status]).toEqual([403, 403]);
    await expect(readFile(path.join(outside, 'viewer_operator.yaml'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses an operator file that is a symlink out of the root, serving nothing', async () => {
    const target = path.join(outside, 'private.yaml');
    await writeFile(target, 'profile: dev\nnote: outside\n');
    await resetFile(undefined);
    await symlink(target, operatorFile());
    try {
      const res = await request(defaultApp).get('/api/operator-config');
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('outside\\n');
      expect(await readFile(target, 'utf8')).toBe('profile: dev\nnote: outside\n');
    } finally {
      await unlink(operatorFile());
    }
  });
});

describe('deeply nested YAML', () => {
  const N = 100_000;
  const HOSTILE = [
    ['flow sequences', `profile: dev\nnested: ${'['.repeat(N)}\n`],
    ['flow mappings', `profile: dev\nnested: ${'{a: '.repeat(N / 2)}\n`],
    ['compact sequences', `${'- '.repeat(N)}x\n`],
  ] as const;

  it.each(HOSTILE)(
    'PUT of %s answers 422 at once, and a concurrent health request is not held up',
    async (_label, content) => {
      await resetFile('profile: dev\n');
      const started = Date.now();
      const { value, longestBlockMs } = await longestBlockDuring(() =>
        Promise.all([
          put(content),
          request(defaultApp)
            .get('/api/health')
            .then((res) => ({ res, ms: Date.now() - started })),
        ]),
      );
      const [res, health] = value;
      expect(res.status).toBe(422);
      expect(res.body.detail).toMatch(/nested deeper than 32 levels/);
      expect(health.res.status).toBe(200);
      expect(health.ms).toBeLessThan(400);
      expect(longestBlockMs).toBeLessThan(150);
      expect(await stored()).toBe('profile: dev\n');
    },
  );

  it.each(HOSTILE)('GET of a stored file of %s answers 409 at once', async (_label, content) => {
    await resetFile(content);
    const { value: res, longestBlockMs } = await longestBlockDuring(async () =>
      request(defaultApp).get('/api/operator-config'),
    );
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/nested deeper than 32 levels/);
    expect(longestBlockMs).toBeLessThan(150);
  });

  it('refuses a file over 1 MiB before parsing it', async () => {
    await resetFile(`profile: dev\nnote: "${'x'.repeat(1024 * 1024)}"\n`);
    const res = await request(defaultApp).get('/api/operator-config');
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/larger than 1048576 bytes/);
  });

  afterAll(() => resetFile('profile: dev\n'));
});
