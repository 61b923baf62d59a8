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

const LIMITS = { name: 'test', maxEntries: 100, maxBytes: 1_000_000 };

describe('createFileCache', () => {
  it('parses once and re-reads only after the file changes', async () => {
    let parses = 0;
    const cache = createFileCache((text) => {
      parses++;
      return text.length;
    }, LIMITS);
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
    const cache = createFileCache((text) => text, LIMITS);
    await mkdir(path.join(dir, 'sub'));
    expect(await cache.read(path.join(dir, 'nope.json'))).toBeUndefined();
    expect(await cache.read(path.join(dir, 'sub'))).toBeUndefined();
  });

  it('forgets the oldest entry beyond its entry bound', async () => {
    let parses = 0;
    const cache = createFileCache(() => ++parses, { ...LIMITS, maxEntries: 1 });
    await writeFile(path.join(dir, 'x'), 'x');
    await writeFile(path.join(dir, 'y'), 'y');
    await cache.read(path.join(dir, 'x'));
    await cache.read(path.join(dir, 'y'));
    await cache.read(path.join(dir, 'x'));
    expect(parses).toBe(3);
  });
});

describe('createFileCache bounds and counts', () => {
  it('keeps the bytes under maxBytes, dropping the least recently used file', async () => {
    const cache = createFileCache((text) => text, { ...LIMITS, maxBytes: 10 });
    const [a, b, c] = ['a6', 'b6', 'c6'].map((name) => path.join(dir, name));
    for (const file of [a, b, c] as string[]) {
      await writeFile(file, '123456'.slice(0, 4));
    }
    await cache.read(a as string);
    await cache.read(b as string);
    await cache.read(a as string); // a is now the most recently used
    await cache.read(c as string);
    const stats = cache.stats();
    expect(stats.entries).toBe(2);
    expect(stats.bytes).toBe(8);
    expect(stats.hits).toBe(1);
    expect(stats.misses).toBe(3);
    await cache.read(a as string);
    expect(cache.stats().hits).toBe(2); // b went, a stayed
  });

  it('returns but does not keep a file larger than maxBytes', async () => {
    const cache = createFileCache((text) => text.length, { ...LIMITS, maxBytes: 3 });
    const file = path.join(dir, 'big');
    await writeFile(file, 'abcdef');
    expect((await cache.read(file))?.value).toBe(6);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('is empty after clear and reads the file again', async () => {
    let parses = 0;
    const cache = createFileCache(() => ++parses, LIMITS);
    const file = path.join(dir, 'cleared');
    await writeFile(file, 'x');
    await cache.read(file);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    await cache.read(file);
    expect(parses).toBe(2);
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
