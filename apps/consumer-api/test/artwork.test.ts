import { copyFile, cp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import { pino } from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

const STORE = '.podcast_scraper/corpus-art';
const THUMBS = `${STORE}/derived/thumb`;

let copy: SampleCorpusCopy;
let root: string;
let testApp: TestApp;
let pngRef: string;
let svgRef: string;
const logLines: string[] = [];

async function storeFiles(ext: string): Promise<string[]> {
  const files = await readdir(path.join(root, STORE), { recursive: true });
  return files.filter((file) => file.endsWith(ext)).map((file) => `${STORE}/${file}`);
}

async function addOddFiles(): Promise<void> {
  const outside = path.join(copy.dir, 'outside');
  await cp(path.join(root, pngRef), path.join(outside, 'secret.png'));
  await symlink(path.join(outside, 'secret.png'), path.join(root, STORE, 'escape.png'));
  await copyFile(path.join(root, pngRef), path.join(root, 'feeds/cover.png'));
  await symlink(path.join(root, 'feeds/cover.png'), path.join(root, STORE, 'inside-corpus.png'));
  await writeFile(path.join(root, STORE, 'broken.png'), 'this is not a PNG');
  for (const name of ['concurrent.png', 'once.png']) {
    await copyFile(path.join(root, pngRef), path.join(root, STORE, name));
  }
}

beforeAll(async () => {
  copy = copySampleCorpus('artwork');
  root = copy.corpusDir;
  pngRef = (await storeFiles('.png'))[0] as string;
  svgRef = (await storeFiles('.svg'))[0] as string;
  await addOddFiles();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  testApp = await buildTestApp({
    env: { CORPUS_DIR: root },
    // The thumbnail log lines are what the tests count.
    logger: pino({ level: 'info' }, sink),
  });
});

afterAll(async () => {
  await testApp?.close();
  copy?.remove();
});

function artwork(query: string) {
  return request(testApp.app).get(`/api/app/artwork?${query}`).buffer(true).parse(collectBytes);
}

function refQuery(ref: string, size?: string): string {
  return new URLSearchParams(size === undefined ? { ref } : { ref, size }).toString();
}

function collectBytes(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

function generatedCount(): number {
  return logLines.filter((line) => line.includes('artwork thumbnail generated')).length;
}

describe('GET /api/app/artwork, size large', () => {
  it('streams the original bytes with immutable caching, large by default', async () => {
    const original = await readFile(path.join(root, pngRef));
    for (const query of [refQuery(pngRef), refQuery(pngRef, 'large')]) {
      const res = await artwork(query);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(res.body as Buffer, original)).toBe(0);
    }
  });

  it('serves SVG as SVG under a sandboxing content security policy', async () => {
    const res = await artwork(refQuery(svgRef));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 304 when the client already holds the image', async () => {
    const first = await artwork(refQuery(pngRef));
    const again = await artwork(refQuery(pngRef)).set(
      'If-None-Match',
      first.headers.etag as string,
    );
    expect(again.status).toBe(304);
  });
});

describe('GET /api/app/artwork, size thumb', () => {
  it.each([
    ['PNG', () => pngRef],
    ['SVG', () => svgRef],
  ])('turns a %s original into a WebP at most 320 px on its longest side', async (_kind, ref) => {
    const res = await artwork(refQuery(ref(), 'thumb'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta.format).toBe('webp');
    // The sample art is 640 px square: the thumbnail is exactly 320 px.
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
  });

  it('caches the thumbnail on disk and serves later requests from the cache', async () => {
    const ref = `${STORE}/once.png`;
    const before = generatedCount();
    const first = await artwork(refQuery(ref, 'thumb'));
    expect(generatedCount()).toBe(before + 1);
    const cachedFiles = (await readdir(path.join(root, THUMBS))).filter((f) => f.endsWith('.webp'));
    const cached = await Promise.all(cachedFiles.map((f) => readFile(path.join(root, THUMBS, f))));
    expect(cached.some((bytes) => Buffer.compare(bytes, first.body as Buffer) === 0)).toBe(true);
    const second = await artwork(refQuery(ref, 'thumb'));
    expect(Buffer.compare(second.body as Buffer, first.body as Buffer)).toBe(0);
    expect(generatedCount()).toBe(before + 1);
  });

  it('generates a thumbnail once when many first requests arrive together', async () => {
    const ref = `${STORE}/concurrent.png`;
    const before = generatedCount();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => artwork(refQuery(ref, 'thumb'))),
    );
    expect(results.map((res) => res.status)).toEqual(Array(8).fill(200));
    const first = results[0]?.body as Buffer;
    expect(results.every((res) => Buffer.compare(res.body as Buffer, first) === 0)).toBe(true);
    expect(generatedCount()).toBe(before + 1);
    const leftovers = (await readdir(path.join(root, THUMBS))).filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('answers 422 when the original cannot be decoded', async () => {
    const res = await request(testApp.app).get(
      `/api/app/artwork?${refQuery(`${STORE}/broken.png`, 'thumb')}`,
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('query.ref');
    expect(res.body.detail).not.toContain(root);
  });

  it('remembers an undecodable original per file version instead of decoding it again', async () => {
    const ref = `${STORE}/broken-once.png`;
    await writeFile(path.join(root, ref), 'not a PNG either');
    const attempts = () =>
      logLines.filter((line) => line.includes('artwork thumbnail could not be rendered')).length;
    const before = attempts();
    for (let i = 0; i < 3; i++) {
      const res = await request(testApp.app).get(`/api/app/artwork?${refQuery(ref, 'thumb')}`);
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain('query.ref');
    }
    expect(attempts()).toBe(before + 1);
    // A changed file is a new version: it is tried again.
    await writeFile(path.join(root, ref), 'still not a PNG, but longer');
    const changed = await request(testApp.app).get(`/api/app/artwork?${refQuery(ref, 'thumb')}`);
    expect(changed.status).toBe(422);
    expect(attempts()).toBe(before + 2);
  });
});

describe('GET /api/app/artwork refusals', () => {
  it.each([
    ['a missing ref', ''],
    ['an empty ref', 'ref='],
    ['an unknown size', `${refQuery(`${STORE}/once.png`)}&size=huge`],
    ['a parent step', refQuery(`${STORE}/../../outside/secret.png`)],
    [
      'URL-encoded parent steps',
      `ref=.podcast_scraper%2Fcorpus-art%2F%2e%2e%2F%2e%2e%2Fcorpus_manifest.png`,
    ],
    ['an absolute path', refQuery('/etc/passwd.png')],
    ['a file outside the art store', refQuery('feeds/cover.png')],
    ['the thumbnail cache', refQuery(`${THUMBS}/abc.webp`)],
    ['a file that is not an image', refQuery(`${STORE}/notes.txt`)],
    ['a NUL byte', `ref=.podcast_scraper%2Fcorpus-art%2Fa.png%00`],
    ['a symlink out of the corpus', refQuery(`${STORE}/escape.png`)],
    ['a symlink to a corpus file outside the store', refQuery(`${STORE}/inside-corpus.png`)],
  ])('refuses %s with 400', async (_name, query) => {
    const res = await request(testApp.app).get(`/api/app/artwork?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toMatch(/query\.(ref|size)/);
  });

  it.each([['large'], ['thumb']])(
    'answers 404 for %s artwork that is not in the store',
    async (size) => {
      const res = await request(testApp.app).get(
        `/api/app/artwork?${refQuery(`${STORE}/sha256/00/00/missing.png`, size)}`,
      );
      expect(res.status).toBe(404);
    },
  );
});
