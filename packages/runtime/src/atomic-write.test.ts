import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { succeedsUnless, withFileLock, writeFileAtomic } from './atomic-write.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atomic-write-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces a file and leaves no temp file behind', async () => {
    const file = path.join(dir, 'replace.yaml');
    await writeFile(file, 'old\n');
    expect(await writeFileAtomic(file, 'new\n')).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('new\n');
    expect((await readdir(dir)).filter((n) => n.includes('replace'))).toEqual(['replace.yaml']);
  });

  it('leaves the file whole when many writers race', async () => {
    const file = path.join(dir, 'race.yaml');
    const bodies = Array.from(
      { length: 20 },
      (_, i) => `writer: ${i}\n${'x'.repeat(50_000 + i)}\n`,
    );
    await Promise.all(bodies.map((body) => writeFileAtomic(file, body)));
    expect(bodies).toContain(await readFile(file, 'utf8'));
  });

  it('with onlyIfAbsent creates a missing file but never overwrites one', async () => {
    const file = path.join(dir, 'seed.yaml');
    expect(await writeFileAtomic(file, 'first\n', { onlyIfAbsent: true })).toBe(true);
    expect(await writeFileAtomic(file, 'second\n', { onlyIfAbsent: true })).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('first\n');
    expect((await readdir(dir)).filter((n) => n.includes('seed'))).toEqual(['seed.yaml']);
  });
});

describe('withFileLock', () => {
  it('runs tasks on one file one after another, even when one fails', async () => {
    const file = path.join(dir, 'locked.yaml');
    const order: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        order.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`end ${name}`);
        if (fail) {
          throw new Error(name);
        }
        return name;
      };
    const results = await Promise.allSettled([
      withFileLock(file, task('a', 20, true)),
      withFileLock(file, task('b', 1)),
    ]);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });

  it('makes two processes take turns, through a hidden lock file left nowhere after', async () => {
    const file = path.join(dir, 'counter.txt');
    await writeFile(file, '0');
    const runtime = new URL('../dist/atomic-write.js', import.meta.url).href;
    const script = `
      import { readFile } from 'node:fs/promises';
      const { withFileLock, writeFileAtomic } = await import(${JSON.stringify(runtime)});
      for (let i = 0; i < 25; i += 1) {
        await withFileLock(process.argv[1], async () => {
          const n = Number(await readFile(process.argv[1], 'utf8'));
          await new Promise((r) => setTimeout(r, 1));
          await writeFileAtomic(process.argv[1], String(n + 1));
        });
      }`;
    const run = () =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script, file], {
          stdio: 'inherit',
        });
        child.once('exit', resolve);
      });
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);
    expect(await readFile(file, 'utf8')).toBe('50');
    expect((await readdir(dir)).filter((name) => name.includes('counter'))).toEqual([
      'counter.txt',
    ]);
  }, 30_000);
});

describe('succeedsUnless', () => {
  it('answers true on success, false on the named errno, and throws any other failure', async () => {
    const from = path.join(dir, 'move-me.txt');
    const to = path.join(dir, 'moved.txt');
    await writeFile(from, 'x');
    expect(await succeedsUnless('ENOENT', () => rename(from, to))).toBe(true);
    expect(await succeedsUnless('ENOENT', () => rename(from, to))).toBe(false); // already gone
    await expect(succeedsUnless('EEXIST', () => rename(from, to))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
