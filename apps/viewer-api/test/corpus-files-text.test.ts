import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { fileQuery, useFilesFixture } from './corpus-files-fixture.js';

const fixture = useFilesFixture();

function getText(relpath: string) {
  return request(fixture.test.app).get(`/api/corpus/text-file?${fileQuery(relpath)}`);
}

async function onDisk(relpath: string): Promise<string> {
  return readFile(path.join(fixture.root, relpath), 'utf8');
}

/** The header names the served file with each segment URL-encoded. */
function servedRelpath(res: request.Response): string {
  return decodeURIComponent(String(res.headers['x-served-relpath']));
}

describe('GET /api/corpus/text-file', () => {
  it('serves a transcript inline as UTF-8 text that the browser must not sniff', async () => {
    const res = await getText(fixture.rawOnlyTxt);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(res.text).toBe(await onDisk(fixture.rawOnlyTxt));
    expect(servedRelpath(res)).toBe(fixture.rawOnlyTxt);
    expect(res.headers['x-served-relpath']).not.toContain(' ');
  });

  it('encodes a served relpath with non-ASCII characters so the header stays valid', async () => {
    const res = await getText('feeds/Café "live".txt');
    expect(res.status).toBe(200);
    expect(res.headers['x-served-relpath']).toBe('feeds/Caf%C3%A9%20%22live%22.txt');
    expect(servedRelpath(res)).toBe('feeds/Café "live".txt');
  });

  it.each([
    ['README.md', 'text/markdown; charset=utf-8'],
    ['corpus_manifest.json', 'application/json; charset=utf-8'],
  ])('serves %s as %s', async (relpath, type) => {
    const res = await getText(relpath).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.text).toBe(await onDisk(relpath));
  });

  it('serves the .cleaned.txt sibling when the raw .txt is missing, and says so', async () => {
    const res = await getText(fixture.onlyCleanedTxt);
    const cleaned = fixture.onlyCleanedTxt.replace(/\.txt$/, '.cleaned.txt');
    expect(res.status).toBe(200);
    expect(servedRelpath(res)).toBe(cleaned);
    expect(res.text).toBe(await onDisk(cleaned));
  });

  it('serves the raw .txt when the requested .cleaned.txt is missing', async () => {
    const res = await getText(fixture.rawOnlyTxt.replace(/\.txt$/, '.cleaned.txt'));
    expect(res.status).toBe(200);
    expect(servedRelpath(res)).toBe(fixture.rawOnlyTxt);
    expect(res.text).toBe(await onDisk(fixture.rawOnlyTxt));
  });

  it('degrades a missing ad-free transcript to the raw one', async () => {
    const res = await getText(fixture.rawOnlyTxt.replace(/\.txt$/, '.adfree.txt'));
    expect(res.status).toBe(200);
    expect(servedRelpath(res)).toBe(fixture.rawOnlyTxt);
  });

  it('degrades a missing ad-free transcript to the cleaned one when the raw one is missing too', async () => {
    const res = await getText('feeds/stand-in/ep.adfree.txt');
    expect(res.status).toBe(200);
    expect(servedRelpath(res)).toBe('feeds/stand-in/ep.cleaned.txt');
    expect(res.text).toBe('only the cleaned transcript\n');
  });

  it('serves an existing ad-free transcript itself', async () => {
    const adfree = fixture.adfreeTxt;
    const res = await getText(adfree);
    expect(res.status).toBe(200);
    expect(servedRelpath(res)).toBe(adfree);
    expect(res.text).toBe(await onDisk(adfree));
  });

  it('answers 404 when neither the file nor a stand-in exists', async () => {
    const res = await getText('feeds/nothing-here.adfree.txt');
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('relpath');
  });

  it.each([['feeds.spec.yaml'], ['feeds/blob.dat'], ['feeds/episode.mp3'], ['README']])(
    'refuses %s, which is not a viewable text type, with 400 naming query.relpath',
    async (relpath) => {
      const res = await getText(relpath);
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain('query.relpath');
      expect(res.body.detail).toContain('.txt');
    },
  );

  it('refuses a file over 10 MB with 413 instead of streaming it into a viewer', async () => {
    const res = await getText('feeds/big.txt');
    expect(res.status).toBe(413);
    expect(res.body.detail).toContain('10 MB');
  });

  it('answers 304 when the client already holds this version', async () => {
    const first = await getText(fixture.rawOnlyTxt);
    expect(first.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await getText(fixture.rawOnlyTxt).set(
      'If-None-Match',
      first.headers.etag as string,
    );
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const since = await getText(fixture.rawOnlyTxt).set(
      'If-Modified-Since',
      first.headers['last-modified'] as string,
    );
    expect(since.status).toBe(304);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await request(fixture.test.app).head(
      `/api/corpus/text-file?${fileQuery(fixture.rawOnlyTxt)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(
      String(Buffer.byteLength(await onDisk(fixture.rawOnlyTxt))),
    );
    expect(res.text ?? '').toBe('');
  });
});
