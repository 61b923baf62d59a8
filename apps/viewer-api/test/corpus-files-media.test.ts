import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { bytesParser, fileQuery, useFilesFixture } from './corpus-files-fixture.js';

const fixture = useFilesFixture();

function mediaUrl(relpath = fixture.mediaRelpath): string {
  return `/api/corpus/media?${fileQuery(relpath)}`;
}

function getMedia(range?: string) {
  const req = request(fixture.test.app).get(mediaUrl()).buffer(true).parse(bytesParser);
  return range === undefined ? req : req.set('Range', range);
}

describe('GET /api/corpus/media', () => {
  it('streams the whole file with its audio type and advertises byte ranges', async () => {
    const res = await getMedia();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['content-length']).toBe('10000');
    expect(Buffer.compare(res.body as Buffer, fixture.mediaBytes)).toBe(0);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 9999],
    ['bytes=-100', 9900, 9999],
    ['bytes=9990-20000', 9990, 9999],
    ['bytes=0-', 0, 9999],
    ['bytes=5000-5000', 5000, 5000],
  ])('answers Range %s with 206 and bytes %d-%d', async (range, start, end) => {
    const res = await getMedia(range);
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(Buffer.compare(res.body as Buffer, fixture.mediaBytes.subarray(start, end + 1))).toBe(0);
  });

  it.each([['bytes=10000-'], ['bytes=20000-20010'], ['bytes=-0']])(
    'answers the unsatisfiable Range %s with 416 and the file size',
    async (range) => {
      const res = await request(fixture.test.app).get(mediaUrl()).set('Range', range);
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */10000');
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(JSON.parse(res.text).detail).toContain('10000');
    },
  );

  it.each([['bytes=0-1,5-9'], ['bytes=9-5'], ['items=0-5'], ['bytes=x-y']])(
    'answers Range %s, which it does not honour, with the whole file',
    async (range) => {
      const res = await getMedia(range);
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect((res.body as Buffer).length).toBe(10000);
    },
  );

  it('honours If-Range only while the validator still matches', async () => {
    const etag = (await getMedia()).headers.etag as string;
    const current = await getMedia('bytes=0-9').set('If-Range', etag);
    expect(current.status).toBe(206);
    const stale = await getMedia('bytes=0-9').set('If-Range', '"stale"');
    expect(stale.status).toBe(200);
    expect((stale.body as Buffer).length).toBe(10000);
  });

  it('answers HEAD with the headers of GET and no body, for ranges too', async () => {
    const full = await request(fixture.test.app).head(mediaUrl());
    expect(full.status).toBe(200);
    expect(full.headers['content-length']).toBe('10000');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const partial = await request(fixture.test.app).head(mediaUrl()).set('Range', 'bytes=10-19');
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe('bytes 10-19/10000');
    expect(partial.headers['content-length']).toBe('10');
  });

  it.each([['corpus_manifest.json'], ['README.md'], ['feeds/blob.dat']])(
    'refuses %s, which is not audio or video, with 400 naming query.relpath',
    async (relpath) => {
      const res = await request(fixture.test.app).get(mediaUrl(relpath));
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain('query.relpath');
    },
  );
});
