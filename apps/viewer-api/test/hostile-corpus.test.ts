import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ArtifactList } from '@podcast/contracts';
import { copySampleCorpusTo, createScratch } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { expectProblem } from './support/corpus-browse-fixture.js';

// A copy of the sample corpus seeded with what a hostile caller
// would aim at: hidden folders, symlinks out, a FIFO, over-long names.
const TOKEN = 'operator-token-for-hostile-tests';
const auth = { authorization: `Bearer ${TOKEN}` };
const scratch = createScratch('hostile-corpus');
const root = join(scratch.dir, 'corpus');
const outside = join(scratch.dir, 'outside');
const STAMP = '20260101-000000';
const LONG = 'a'.repeat(300);
let t: ViewerTestApp;

/** GET `route` with the query `query` on this file's app. */
const getWith = (route: string, query: Record<string, string>) =>
  request(t.app).get(route).query(query);

function firstFeedDir(): string {
  const feed = readdirSync(join(root, 'feeds'))[0] as string;
  return join('feeds', feed);
}

beforeAll(() => {
  copySampleCorpusTo(root);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'outside the corpus\n');
  // Hidden folders: a rolled-back feed in .trash/, per-user data in .app/.
  mkdirSync(join(root, '.trash', STAMP, 'feeds'), { recursive: true });
  execFileSync('cp', ['-r', join(root, firstFeedDir()), join(root, '.trash', STAMP, 'feeds')]);
  writeFileSync(join(root, '.trash', 'note.txt'), 'rolled back\n');
  writeFileSync(join(root, '.trash', 'gone.kg.json'), '{"nodes":[]}');
  mkdirSync(join(root, '.app'));
  writeFileSync(join(root, '.app', 'users.json'), '{"user":"private"}');
  // An artifact outside the feeds/run layout, and FIFOs named like corpus files.
  mkdirSync(join(root, 'extras'));
  writeFileSync(join(root, 'extras', 'orphan.kg.json'), '{"nodes":[],"edges":[]}');
  execFileSync('mkfifo', [join(root, 'extras', 'pipe.gi.json')]);
  const metadataDir = join(
    root,
    firstFeedDir(),
    readdirSync(join(root, firstFeedDir()))[0] as string,
    'metadata',
  );
  execFileSync('mkfifo', [join(metadataDir, '9999 - pipe.metadata.json')]);
  // Symlinks out of the corpus: one to a file that exists, one to a file that does not.
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link-out-exists.txt'));
  symlinkSync(join(outside, 'missing.txt'), join(root, 'link-out-missing.txt'));
  writeFileSync(join(root, 'plain.txt'), 'a file, not a folder\n');
  t = buildViewerTestApp({ corpusDir: root, operatorToken: TOKEN });
});

afterAll(() => {
  t.close();
  scratch.remove();
});

describe('clients: the artifact list covers the whole root', () => {
  it('lists an artifact outside the feeds/run layout, never one in a hidden folder or a FIFO', async () => {
    const res = await getWith('/api/artifacts', { path: root });
    expect(res.status).toBe(200);
    const paths = ArtifactList.parse(res.body).items.map((item) => item.relative_path);
    expect(paths).toContain('extras/orphan.kg.json');
    expect(paths.some((p) => p.startsWith('.'))).toBe(false);
    expect(paths).not.toContain('extras/pipe.gi.json');
  });
});

describe('1: a hidden folder named by `path` itself is refused', () => {
  it.each([
    [
      'text-file in .trash',
      '/api/corpus/text-file',
      { path: join(root, '.trash'), relpath: 'note.txt' },
    ],
    ['binary in .app', '/api/corpus/binary', { path: join(root, '.app'), relpath: 'users.json' }],
    [
      'episodes of a rolled-back stamp',
      '/api/corpus/episodes',
      { path: join(root, '.trash', STAMP) },
    ],
    ['artifacts of .trash', '/api/artifacts', { path: join(root, '.trash', STAMP) }],
  ])('%s answers 403', async (_name, route, query) => {
    expectProblem(await getWith(route, query), 403, 'path');
  });

  it('GET /api/artifacts/{path} does not serve .trash/', async () => {
    const res = await getWith('/api/artifacts/.trash/gone.kg.json', { path: root });
    expectProblem(res, 403, 'path');
  });

  it('a missing folder under a hidden one is refused the same way', async () => {
    const res = await getWith('/api/corpus/episodes', {
      path: join(root, '.trash', 'no-such-stamp'),
    });
    expectProblem(res, 403, 'path');
  });
});

describe('2: open requests cannot evict the configured root', () => {
  it('keeps the default corpus loaded while a caller cycles 20 subfolders', async () => {
    const feeds = readdirSync(join(root, 'feeds'));
    await request(t.app).get('/api/corpus/episodes').expect(200);
    for (let i = 0; i < 20; i++) {
      const feed = feeds[i % feeds.length] as string;
      const run = readdirSync(join(root, 'feeds', feed))[0] as string;
      const dir = i % 2 === 0 ? join(root, 'feeds', feed) : join(root, 'feeds', feed, run);
      await getWith('/api/corpus/episodes', { path: dir }).expect(200);
    }
    const held = t.corpus.describe();
    expect(held.map((status) => status.root)).toContain(root);
    // Memory stays bounded: every folder is a view of the root's snapshot (one small
    // record per episode of the folder), never a second projection to load.
    const projections = held.filter((status) => status.viewOf === undefined);
    expect(projections.map((status) => status.root)).toEqual([root]);
    const feed = join(root, 'feeds', feeds[0] as string);
    const page = await getWith('/api/corpus/episodes', { path: feed });
    expect(page.body.items.length).toBeGreaterThan(0);
  });
});

describe('4: an open read seeds only the configured root', () => {
  it('GET operator-config on a subfolder creates no file there', async () => {
    const sub = join(root, 'feeds');
    const res = await getWith('/api/operator-config', { path: sub });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('');
    expect(existsSync(join(sub, 'viewer_operator.yaml'))).toBe(false);
  });
});

describe('5: inputs that reached the file system as 500', () => {
  it.each([
    ['text-file relpath', '/api/corpus/text-file', { relpath: `${LONG}.txt` }, 'relpath'],
    ['binary relpath', '/api/corpus/binary', { relpath: `feeds/${LONG}.txt` }, 'relpath'],
    ['episodes path', '/api/corpus/episodes', { path: join(root, LONG) }, 'path'],
    ['artifacts path', '/api/artifacts', { path: join(root, 'feeds', LONG) }, 'path'],
  ])('a name over 255 bytes in %s is a 400', async (_name, route, query, field) => {
    expectProblem(await getWith(route, query), 400, field);
  });

  it('a `path` naming a file rather than a folder is a 400', async () => {
    const res = await getWith('/api/corpus/episodes', { path: join(root, 'plain.txt') });
    expectProblem(res, 400, 'path');
  });

  it('an alias bomb in the operator file is a 422, on PUT and on a stored file', async () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
      '',
    ].join('\n');
    const put = await request(t.app).put('/api/operator-config').set(auth).send({ content: bomb });
    expectProblem(put, 422, 'content');
    writeFileSync(join(root, 'feeds.spec.yaml'), `${bomb}feeds: []\n`);
    expectProblem(await request(t.app).get('/api/feeds'), 422);
  });
});

describe('6: forbidden keys however they are spelled', () => {
  const nested = (depth: number, leaf: string) => {
    let text = leaf;
    for (let i = 0; i < depth; i++) {
      text = `k:\n${text.replace(/^/gm, '  ')}`;
    }
    return `${text}\n`;
  };
  it.each([
    ['a trailing space', '"openai_api_key ": sk-1\n'],
    ['a zero-width space', '"pass\u200bword": sk-1\n'],
    ['a full-width spelling', '"ｈｆ_token": sk-1\n'],
    ['a complex key', '? [openai_api_key]\n: sk-1\n'],
    ['nesting past 32 levels', nested(40, 'openai_api_key: sk-1')],
  ])('refuses %s on PUT and never serves it back', async (_name, content) => {
    const put = await request(t.app).put('/api/operator-config').set(auth).send({ content });
    expect([400, 409, 422]).toContain(put.status);
    writeFileSync(join(root, 'viewer_operator.yaml'), content);
    const get = await request(t.app).get('/api/operator-config');
    expect(get.status).toBe(409);
    expect(JSON.stringify(get.body)).not.toContain('sk-1');
  });
});

describe('7: FIFOs and symlinks out', () => {
  it('a FIFO named like an artifact answers 404 instead of hanging', async () => {
    const res = await getWith('/api/artifacts/extras/pipe.gi.json', { path: root });
    expectProblem(res, 404, 'path');
  });

  it('a link out answers the same whether its target exists or not', async () => {
    const exists = await getWith('/api/corpus/text-file', { relpath: 'link-out-exists.txt' });
    const missing = await getWith('/api/corpus/text-file', { relpath: 'link-out-missing.txt' });
    expect(missing.status).toBe(exists.status);
    expect(missing.body.detail).toBe(exists.body.detail);
    expectProblem(exists, 403, 'relpath');
  });
});
