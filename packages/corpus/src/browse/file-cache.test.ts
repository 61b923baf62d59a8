import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createFileCache, parseJsonText } from './file-cache.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-cache-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createFileCache', () => {
  it('parses once and re-reads only after the file changes', async () => {
    let parses = 0;
    const cache = createFileCache((text) => {
      parses++;
      return text.length;
    });
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'abc');
    await utimes(file, 1_000, 1_000);
    expect((await cache.read(file))?.value).toBe(3);
    expect((await cache.read(file))?.value).toBe(3);
    expect(parses).toBe(1);
    await writeFile(file, 'abcdef');
    await utimes(file, 2_000, 2_000);
    expect((await cache.read(file))?.value).toBe(6);
    expect(parses).toBe(2);
  });

  it('reports a missing file or a directory as undefined', async () => {
    const cache = createFileCache((text) => text);
    await mkdir(path.join(dir, 'sub'));
    expect(await cache.read(path.join(dir, 'nope.json'))).toBeUndefined();
    expect(await cache.read(path.join(dir, 'sub'))).toBeUndefined();
  });

  it('forgets the oldest entry beyond its capacity', async () => {
    let parses = 0;
    const cache = createFileCache(() => ++parses, 1);
    await writeFile(path.join(dir, 'x'), 'x');
    await writeFile(path.join(dir, 'y'), 'y');
    await cache.read(path.join(dir, 'x'));
    await cache.read(path.join(dir, 'y'));
    await cache.read(path.join(dir, 'x'));
    expect(parses).toBe(3);
  });
});

describe('parseJsonText', () => {
  it.each([
    ['plain JSON', '{"a":1}', { ok: true, value: { a: 1 } }],
    ['JSON after a byte order mark', '\ufeff[1]', { ok: true, value: [1] }],
  ])('parses %s', (_name, text, expected) => {
    expect(parseJsonText(text)).toEqual(expected);
  });

  it('reports truncated JSON instead of throwing', () => {
    expect(parseJsonText('{"a":')).toMatchObject({ ok: false, reason: expect.any(String) });
  });
});
