import { readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FeedsSpecResponse, MAX_FEED_ENTRIES } from '@podcast/contracts';
import { copySampleCorpusTo, createScratch } from '@podcast/testing';
import request from 'supertest';
import { parse } from 'yaml';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { longestBlockDuring } from './support/event-loop.js';

const TOKEN = 'operator-token-for-tests-0001';
const auth = { authorization: `Bearer ${TOKEN}` };

let work = '';
let corpus = '';
let other = '';
let outside = '';
let viewer: ViewerTestApp;

beforeAll(async () => {
  work = createScratch('operator-feeds').dir;
  corpus = path.join(work, 'corpus');
  other = path.join(work, 'other');
  outside = path.join(work, 'outside');
  copySampleCorpusTo(corpus);
  copySampleCorpusTo(other);
  copySampleCorpusTo(outside);
  viewer = buildViewerTestApp({ corpusDir: corpus, roots: [other], operatorToken: TOKEN });
});

afterAll(async () => {
  viewer.close();
  await rm(work, { recursive: true, force: true });
});

const specFile = (root = corpus) => path.join(root, 'feeds.spec.yaml');

async function withSpec(text: string | undefined, run: () => Promise<void>, root = corpus) {
  const previous = await readFile(specFile(root), 'utf8');
  await (text === undefined ? unlink(specFile(root)) : writeFile(specFile(root), text));
  try {
    await run();
  } finally {
    await writeFile(specFile(root), previous);
  }
}

describe('GET /api/feeds', () => {
  it('returns the feeds spec of the default corpus with entries normalised', async () => {
    const res = await request(viewer.app).get('/api/feeds');
    expect(res.status).toBe(200);
    const body = FeedsSpecResponse.parse(res.body);
    expect(body.path).toBe(corpus);
    expect(body.file).toBe('feeds.spec.yaml');
    expect(body.exists).toBe(true);
    expect(body.feeds).toHaveLength(4);
    expect(body.feeds.slice(0, 3).every((f) => typeof f === 'string')).toBe(true);
    expect(body.feeds[3]).toEqual({
      url: 'https://changesandstandards.audio/podcast.rss',
      max_episodes: 200,
    });
  });

  it('answers 200 with an empty list when the corpus has no feeds spec', async () => {
    await withSpec(undefined, async () => {
      const res = await request(viewer.app).get('/api/feeds');
      expect(res.status).toBe(200);
      expect(FeedsSpecResponse.parse(res.body)).toEqual({
        path: corpus,
        file: 'feeds.spec.yaml',
        exists: false,
        feeds: [],
      });
    });
  });

  it('reads the JSON spelling when it is the only one present', async () => {
    const json = path.join(corpus, 'feeds.spec.json');
    await withSpec(undefined, async () => {
      await writeFile(json, JSON.stringify({ feeds: [{ rss: 'https://j.example/rss' }] }));
      try {
        const res = await request(viewer.app).get('/api/feeds');
        expect(res.body).toMatchObject({
          file: 'feeds.spec.json',
          feeds: ['https://j.example/rss'],
        });
      } finally {
        await unlink(json);
      }
    });
  });

  it('answers 422 naming the problem when the stored file breaks the feeds-spec rules', async () => {
    const upgradeStyle =
      'schema_version: 2\nfeeds:\n  - id: show-a\n    url: https://a.example/rss\n';
    await withSpec(upgradeStyle, async () => {
      const res = await request(viewer.app).get('/api/feeds');
      expect(res.status).toBe(422);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.detail).toContain('schema_version');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
        'schema_version',
        'feeds.0.id',
      ]);
    });
  });

  it('reads another allowed root named by path', async () => {
    await withSpec(
      'feeds:\n  - https://other.example/rss\n',
      async () => {
        const res = await request(viewer.app).get('/api/feeds').query({ path: other });
        expect(res.body.feeds).toEqual(['https://other.example/rss']);
      },
      other,
    );
  });
});

describe('PUT /api/feeds', () => {
  it('refuses a caller without the operator token and writes nothing', async () => {
    const before = await readFile(specFile(), 'utf8');
    const none = await request(viewer.app).put('/api/feeds').send({ feeds: [] });
    const wrong = await request(viewer.app)
      .put('/api/feeds')
      .set('authorization', 'Bearer not-the-operator-token')
      .send({ feeds: [] });
    expect([none.status, wrong.status]).toEqual([401, 401]);
    expect(await readFile(specFile(), 'utf8')).toBe(before);
  });

  it('fails closed when the server has no operator token configured', async () => {
    const closed = buildViewerTestApp({ corpusDir: corpus });
    try {
      const res = await request(closed.app).put('/api/feeds').set(auth).send({ feeds: [] });
      expect(res.status).toBe(401);
      expect(res.body.detail).toContain('OPERATOR_TOKEN');
    } finally {
      closed.close();
    }
  });

  it('dedupes, normalises aliases, writes bare strings and keeps comments and _ keys', async () => {
    const previous = '# curated by ops\n_owner: team-a\nfeeds:\n  - https://old.example/rss\n';
    await withSpec(previous, async () => {
      const feeds = [
        'https://a.example/rss',
        { rss: 'https://b.example/rss', episode_order: 'oldest' },
        { rss_url: 'https://A.example/rss', max_episodes: 9 },
        { url: 'https://c.example/rss' },
      ];
      const res = await request(viewer.app).put('/api/feeds').set(auth).send({ feeds });
      expect(res.status).toBe(200);
      const expected = [
        'https://a.example/rss',
        { url: 'https://b.example/rss', episode_order: 'oldest' },
        'https://c.example/rss',
      ];
      expect(FeedsSpecResponse.parse(res.body).feeds).toEqual(expected);
      const text = await readFile(specFile(), 'utf8');
      expect(text).toContain('# curated by ops');
      expect(parse(text)).toEqual({ _owner: 'team-a', feeds: expected });
      expect((await request(viewer.app).get('/api/feeds')).body.feeds).toEqual(expected);
    });
  });

  it.each([
    [
      'an option outside the allowlist',
      [{ url: 'https://a.example/rss', title: 'A' }],
      'body.feeds.0.title',
    ],
    [
      'a second bad entry',
      ['https://a.example/rss', { url: 'https://b.example', id: 'b' }],
      'body.feeds.1.id',
    ],
    ['a non-http URL', ['ftp://a.example/rss'], 'body.feeds.0.url'],
    ['a URL without a host', ['https://'], 'body.feeds.0.url'],
    [
      'a bad option value',
      [{ url: 'https://a.example/rss', max_episodes: 0 }],
      'body.feeds.0.max_episodes',
    ],
    ['an entry that is neither string nor object', [42], 'body.feeds.0'],
  ])('answers 400 naming the field for %s and writes nothing', async (_label, feeds, field) => {
    const before = await readFile(specFile(), 'utf8');
    const res = await request(viewer.app).put('/api/feeds').set(auth).send({ feeds });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
    expect(res.body.detail).toContain(field);
    expect(await readFile(specFile(), 'utf8')).toBe(before);
  });

  it('answers 400 for a body without feeds or with other keys', async () => {
    const missing = await request(viewer.app).put('/api/feeds').set(auth).send({});
    const extra = await request(viewer.app)
      .put('/api/feeds')
      .set(auth)
      .send({ feeds: [], schema_version: 2 });
    expect(missing.body.errors[0].field).toBe('body.feeds');
    expect(extra.status).toBe(400);
    expect(extra.body.detail).toContain('schema_version');
  });

  it(`accepts ${MAX_FEED_ENTRIES} entries and refuses one more`, async () => {
    await withSpec(undefined, async () => {
      const feeds = Array.from(
        { length: MAX_FEED_ENTRIES + 1 },
        (_, i) => `https://f${i}.example/rss`,
      );
      const over = await request(viewer.app).put('/api/feeds').set(auth).send({ feeds });
      expect(over.status).toBe(400);
      expect(over.body.errors[0].field).toBe('body.feeds');
      const ok = await request(viewer.app)
        .put('/api/feeds')
        .set(auth)
        .send({ feeds: feeds.slice(0, MAX_FEED_ENTRIES) });
      expect(ok.status).toBe(200);
      expect(parse(await readFile(specFile(), 'utf8')).feeds).toHaveLength(MAX_FEED_ENTRIES);
    });
  });

  it('repairs an invalid stored file', async () => {
    await withSpec('feeds: [broken\n', async () => {
      const res = await request(viewer.app)
        .put('/api/feeds')
        .set(auth)
        .send({ feeds: ['https://fixed.example/rss'] });
      expect(res.status).toBe(200);
      expect((await request(viewer.app).get('/api/feeds')).body.feeds).toEqual([
        'https://fixed.example/rss',
      ]);
    });
  });

  it('leaves exactly one of the bodies when PUTs race', async () => {
    await withSpec(undefined, async () => {
      const bodies = Array.from({ length: 12 }, (_, n) =>
        Array.from({ length: 200 }, (_, i) => `https://w${n}-${i}.example/rss`),
      );
      const results = await Promise.all(
        bodies.map((feeds) => request(viewer.app).put('/api/feeds').set(auth).send({ feeds })),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const stored = parse(await readFile(specFile(), 'utf8')).feeds;
      expect(bodies).toContainEqual(stored);
    });
  });

  it('writes into another allowed root named by path', async () => {
    await withSpec(
      undefined,
      async () => {
        const res = await request(viewer.app)
          .put('/api/feeds')
          .query({ path: other })
          .set(auth)
          .send({ feeds: ['https://other.example/rss'] });
        expect(res.body).toMatchObject({ path: other, file: 'feeds.spec.yaml' });
        expect(parse(await readFile(specFile(other), 'utf8'))).toEqual({
          feeds: ['https://other.example/rss'],
        });
      },
      other,
    );
  });
});

describe('path confinement of /api/feeds', () => {
  it.each([
    ['a directory outside the roots', () => `path=${encodeURIComponent(outside)}`],
    [
      'a traversal out of the default root',
      () => `path=${encodeURIComponent(`${corpus}/../outside`)}`,
    ],
    ['an URL-encoded traversal', () => `path=${encodeURIComponent(corpus)}%2F%2e%2e%2Foutside`],
    ['the filesystem root', () => 'path=%2F'],
  ])('refuses %s with 403 and never touches it', async (_label, query) => {
    const before = await readFile(specFile(outside), 'utf8');
    for (const method of ['get', 'put'] as const) {
      const res = await request(viewer.app)
        [method](`/api/feeds?${query()}`)
        .set(auth)
        .send({ feeds: [] });
      expect(res.status).toBe(403);
      expect(res.body.feeds).toBeUndefined();
    }
    expect(await readFile(specFile(outside), 'utf8')).toBe(before);
  });

  it('refuses a corpus path that is a symlink leading out of the roots', async () => {
    const link = path.join(other, 'escape');
    await symlink(outside, link);
    try {
      const res = await request(viewer.app).get('/api/feeds').query({ path: link });
      expect(res.status).toBe(403);
    } finally {
      await unlink(link);
    }
  });

  it('refuses a feeds spec that is a symlink out of the root, reading and writing', async () => {
    const secret = path.join(outside, 'feeds.spec.yaml');
    const before = await readFile(secret, 'utf8');
    await withSpec(undefined, async () => {
      await symlink(secret, specFile());
      try {
        const get = await request(viewer.app).get('/api/feeds');
        const put = await request(viewer.app).put('/api/feeds').set(auth).send({ feeds: [] });
        expect([get.status, put.status]).toEqual([403, 403]);
        expect(get.body.feeds).toBeUndefined();
        expect(await readFile(secret, 'utf8')).toBe(before);
      } finally {
        await unlink(specFile());
      }
    });
  });
});

describe('a deeply nested feeds spec on disk', () => {
  const nested = `feeds:\n  - ${'['.repeat(100_000)}\n`;

  it('answers GET with 422 without parsing it, and PUT replaces it', async () => {
    await withSpec(nested, async () => {
      const { value: res, longestBlockMs } = await longestBlockDuring(async () =>
        request(viewer.app).get('/api/feeds'),
      );
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body.errors)).toContain('nested deeper than 32 levels');
      expect(longestBlockMs).toBeLessThan(150);

      const put = await longestBlockDuring(async () =>
        request(viewer.app)
          .put('/api/feeds')
          .set(auth)
          .send({ feeds: ['https://a.example/rss'] }),
      );
      expect(put.value.status).toBe(200);
      expect(put.longestBlockMs).toBeLessThan(150);
      expect(parse(await readFile(specFile(), 'utf8'))).toEqual({
        feeds: ['https://a.example/rss'],
      });
    });
  });
});
