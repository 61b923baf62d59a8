import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isRunning, withLockFile } from './lock-file.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lock-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stateOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.charAt(stat.lastIndexOf(')') + 2);
};

/**
 * A zombie: a shell starts a short `sleep` in the background and then
 * becomes a long `sleep` that never waits for it, so the short one, once
 * done, stays unreaped until the long one is killed.
 */
async function withZombie(use: (pid: number) => Promise<void>): Promise<void> {
  const holder = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const [line] = (await once(holder.stdout, 'data')) as [Buffer];
    const pid = Number(line.toString().trim());
    const deadline = Date.now() + 5000;
    while (stateOf(pid) !== 'Z' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await use(pid);
  } finally {
    holder.kill('SIGKILL');
  }
}

describe('withLockFile', () => {
  it('runs the task holding the lock and removes it after', async () => {
    const file = path.join(dir, 'plain');
    const seen = await withLockFile(file, () => readFile(`${file}.lock`, 'utf8'));
    expect(seen).toBe(String(process.pid));
    await expect(readFile(`${file}.lock`)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a lock held by a live process', async () => {
    const file = path.join(dir, 'live');
    await writeFile(`${file}.lock`, String(process.pid));
    await expect(
      withLockFile(file, async () => 'ran', { waitMs: 0, staleMs: Number.POSITIVE_INFINITY }),
    ).rejects.toThrow(/held by another process/);
  });

  it('takes over a lock whose holder was killed and is an unreaped zombie', async () => {
    await withZombie(async (pid) => {
      expect(stateOf(pid)).toBe('Z');
      expect(isRunning(pid)).toBe(false);
      const file = path.join(dir, 'zombie');
      await writeFile(`${file}.lock`, String(pid));
      const ran = await withLockFile(file, async () => 'ran', {
        waitMs: 0,
        staleMs: Number.POSITIVE_INFINITY,
      });
      expect(ran).toBe('ran');
    });
  });
});

describe('isRunning', () => {
  it('tells a live process from one that is gone', async () => {
    expect(isRunning(process.pid)).toBe(true);
    const child = spawn('true');
    await once(child, 'exit');
    expect(isRunning(child.pid as number)).toBe(false);
  });
});
