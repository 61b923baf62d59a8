import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { bytesParser, fileQuery, useFilesFixture } from './corpus-files-fixture.js';

const fixture = useFilesFixture();
let pngRelpath: string;
let svgRelpath: string;

async function artOfType(ext: string): Promise<string> {
  const store = '.podcast_scraper/corpus-art';
  const files = await readdir(path.join(fixture.root, store), { recursive: true });
  const found = files.find((file) => file.endsWith(ext));
  if (found === undefined) {
    throw new Error(`the sample corpus has no ${ext} artwork`);
  }
  return `${store}/${found}`;
}

beforeAll(async () => {
  pngRelpath = await artOfType('.png');
  svgRelpath = await artOfType('.svg');
});

function getBinary(relpath: string) {
  return request(fixture.test.app)
    .get(`/api/corpus/binary?${fileQuery(relpath)}`)
    .buffer(true)
    .parse(bytesParser);
}

describe('GET /api/corpus/binary', () => {
  it('streams an image inline with its type and exact bytes', async () => {
    const res = await getBinary(pngRelpath);
    const bytes = await readFile(path.join(fixture.root, pngRelpath));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename=".+\.png"$/);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
  });

  it('serves SVG with a sandboxing content security policy so it cannot run script', async () => {
    const res = await getBinary(svgRelpath);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it.each([
    ['corpus_manifest.json', 'application/json; charset=utf-8'],
    ['feeds.spec.yaml', 'application/yaml'],
    ['feeds/blob.dat', 'application/octet-stream'],
  ])('sends %s as a %s attachment', async (relpath, type) => {
    const res = await getBinary(relpath);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const bytes = await readFile(path.join(fixture.root, relpath));
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
  });

  it('serves local audio inline with its audio type', async () => {
    const res = await getBinary(fixture.mediaRelpath);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('names a non-ASCII file exactly in filename* and safely in filename', async () => {
    const res = await getBinary('feeds/Café "live".txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ _live_.txt"; filename*=UTF-8''Caf%C3%A9%20%22live%22.txt`,
    );
  });

  it('answers a byte range with 206 and only those bytes', async () => {
    const bytes = await readFile(path.join(fixture.root, pngRelpath));
    const res = await getBinary(pngRelpath).set('Range', 'bytes=0-7');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.compare(res.body as Buffer, bytes.subarray(0, 8))).toBe(0);
  });

  it('answers a range past the end with 416 naming the file size', async () => {
    const size = (await readFile(path.join(fixture.root, pngRelpath))).length;
    const res = await getBinary(pngRelpath).set('Range', `bytes=${size}-`);
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('answers 304 to a matching If-None-Match and 200 after the file changes', async () => {
    const first = await getBinary('feeds/blob.dat');
    const etag = first.headers.etag as string;
    expect((await getBinary('feeds/blob.dat').set('If-None-Match', etag)).status).toBe(304);
    expect((await getBinary('feeds/blob.dat').set('If-None-Match', '"stale"')).status).toBe(200);
  });
});
