import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { useFilesFixture } from './corpus-files-fixture.js';

const fixture = useFilesFixture();

// Each route with a file type it accepts, so only the path decides the answer.
const ROUTES = [
  ['/api/corpus/text-file', 'txt'],
  ['/api/corpus/binary', 'txt'],
  ['/api/corpus/media', 'mp3'],
] as const;

describe.each(ROUTES)('path confinement of %s', (route, ext) => {
  async function get(rawQuery: string) {
    const res = await request(fixture.test.app).get(`${route}?${rawQuery}`);
    // Whatever the status, the outside file never leaks.
    expect(res.text ?? '').not.toContain('TOP SECRET');
    return res;
  }

  it.each([
    ['a parent step', `relpath=../outside/secret.${ext}`],
    ['a parent step inside the path', `relpath=feeds/../../outside/secret.${ext}`],
    ['URL-encoded parent steps', `relpath=%2e%2e%2foutside%2fsecret.${ext}`],
    [
      'upper-case URL-encoded parent steps',
      `relpath=feeds%2F%2E%2E%2F%2E%2E%2Foutside%2Fsecret.${ext}`,
    ],
    ['an absolute path', `relpath=%2Fetc%2Fpasswd.${ext}`],
    ['a backslash path', `relpath=..%5Coutside%5Csecret.${ext}`],
    ['a NUL byte', `relpath=feeds%2Fa.${ext}%00.png`],
    ['an empty relpath', 'relpath='],
    ['no relpath', ''],
    ['a repeated relpath', `relpath=a.${ext}&relpath=b.${ext}`],
  ])('refuses %s with 400 naming relpath', async (_name, query) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toContain('relpath');
  });

  it('refuses an absolute path to a real file outside the corpus', async () => {
    const res = await get(
      new URLSearchParams({ relpath: `${fixture.outside}/secret.${ext}` }).toString(),
    );
    expect(res.status).toBe(400);
  });

  it.each([
    ['a symlink to a file outside the corpus', `relpath=feeds%2Fescape.${ext}`],
    ['a path through a symlinked folder outside', `relpath=feeds%2Fescape-dir%2Fsecret.${ext}`],
    ['a hidden folder', `relpath=.viewer%2Fhidden.${ext}`],
    ['a symlink into a hidden folder', `relpath=feeds%2Fhidden-link.${ext}`],
  ])('refuses %s with 403', async (_name, query) => {
    const res = await get(query);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBeTruthy();
  });

  it('takes a double-encoded parent step literally: a missing file, not a way out', async () => {
    const res = await get(`relpath=%252e%252e%252foutside%252fsecret.${ext}`);
    expect(res.status).toBe(404);
  });

  it('refuses a corpus path outside CORPUS_ROOTS with 403', async () => {
    const res = await get(
      new URLSearchParams({ path: fixture.outside, relpath: `secret.${ext}` }).toString(),
    );
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('path');
  });

  it('answers 404 for a file the corpus does not have', async () => {
    const res = await get(`relpath=feeds%2Fno-such-file.${ext}`);
    expect(res.status).toBe(404);
  });

  it('answers 404 for a folder, even one named like a file', async () => {
    const res = await get(`relpath=feeds%2Ffolder.${ext}`);
    expect(res.status).toBe(404);
  });
});
