import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ArtifactList } from '@podcast/contracts';
import { createScratch, SAMPLE_CORPUS_DIR as sample } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

// A second allowed root holding symlinks that lead out, and a directory
// outside every root holding a secret that must never be served.
const scratchDir = createScratch('viewer-artifacts');
const scratch = scratchDir.dir;
const root = join(scratch, 'root');
const outside = join(scratch, 'outside');
const SECRET = 'top secret text';

beforeAll(() => {
  mkdirSync(join(root, 'metadata'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.gi.json'), JSON.stringify({ secret: SECRET }));
  writeFileSync(join(root, 'metadata', 'ep.gi.json'), JSON.stringify({ schema_version: '1.0' }));
  symlinkSync(join(outside, 'secret.gi.json'), join(root, 'metadata', 'leak.gi.json'));
  symlinkSync(outside, join(root, 'metadata', 'dirlink'));
  symlinkSync(outside, join(scratch, 'root-link'));
});
afterAll(() => {
  viewer.close();
  scratchDir.remove();
});

const viewer = buildViewerTestApp({ roots: [join(scratch, 'root')] });
const app = viewer.app;

describe('GET /api/artifacts', () => {
  it('lists the GI, KG and bridge files of the sample corpus with dates', async () => {
    const res = await request(app).get('/api/artifacts').query({ path: sample });
    expect(res.status).toBe(200);
    const body = ArtifactList.parse(res.body);
    expect(body.items.length).toBeGreaterThan(20);
    const kinds = new Set(body.items.map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['bridge', 'gi', 'kg']);
    for (const item of body.items) {
      expect(item.relative_path).toMatch(/\.(gi|kg|bridge)\.json$/);
      expect(item.relative_path.startsWith('/')).toBe(false);
      expect(item.publish_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const paths = body.items.map((i) => i.relative_path);
    expect([...paths].sort()).toEqual(paths);
  });

  it('never lists artifacts from dot-directories such as .trash', async () => {
    const res = await request(app).get('/api/artifacts').query({ path: sample });
    expect(
      res.body.items.some((i: { relative_path: string }) => /(^|\/)\./.test(i.relative_path)),
    ).toBe(false);
  });

  it('answers 400 naming query.path when path is missing', async () => {
    const res = await request(app).get('/api/artifacts');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('query.path');
  });

  it.each([
    ['a directory outside every corpus root', () => outside],
    ['a symlink inside the scratch dir leading outside', () => join(scratch, 'root-link')],
    ['the filesystem root', () => '/'],
    ['a relative path climbing out', () => `${sample}/../../..`],
  ])('refuses %s with 403', async (_label, target) => {
    const res = await request(app).get('/api/artifacts').query({ path: target() });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain(SECRET);
  });
});

describe('GET /api/artifacts/{path}', () => {
  it('returns one artifact JSON by relative path', async () => {
    const list = await request(app).get('/api/artifacts').query({ path: sample });
    const gi = list.body.items.find((i: { kind: string }) => i.kind === 'gi').relative_path;
    const res = await request(app)
      .get(`/api/artifacts/${gi.split('/').map(encodeURIComponent).join('/')}`)
      .query({ path: sample });
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('nodes');
  });

  it('serves an artifact of a second allowed root', async () => {
    const res = await request(app).get('/api/artifacts/metadata/ep.gi.json').query({ path: root });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ schema_version: '1.0' });
  });

  it.each([
    ['a .. traversal', '/api/artifacts/metadata/../../outside/secret.gi.json', 400],
    [
      'a URL-encoded traversal',
      '/api/artifacts/metadata/%2e%2e/%2e%2e/outside/secret.gi.json',
      400,
    ],
    [
      'an encoded slash traversal',
      '/api/artifacts/metadata%2f..%2f..%2foutside%2fsecret.gi.json',
      400,
    ],
    ['a file symlink leading out', '/api/artifacts/metadata/leak.gi.json', 403],
    ['a directory symlink leading out', '/api/artifacts/metadata/dirlink/secret.gi.json', 403],
    ['a file that is not an artifact', '/api/artifacts/metadata', 400],
    ['a missing artifact', '/api/artifacts/metadata/nope.gi.json', 404],
  ])('refuses %s without returning contents', async (_label, url, status) => {
    const res = await request(app).get(url).query({ path: root });
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.text).not.toContain(SECRET);
  });

  it('refuses an absolute artifact path outside the roots', async () => {
    const res = await request(app)
      .get(`/api/artifacts/${outside}/secret.gi.json`)
      .query({ path: root });
    expect([400, 403, 404]).toContain(res.status);
    expect(res.text).not.toContain(SECRET);
  });

  it('refuses a corpus root outside CORPUS_ROOTS even for a valid relative path', async () => {
    const res = await request(app).get('/api/artifacts/secret.gi.json').query({ path: outside });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain(SECRET);
  });
});
