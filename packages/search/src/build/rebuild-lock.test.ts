import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { acquireRebuildLock, isLockHeld, LOCK_STALE_MS } from './rebuild-lock.js';

describe('rebuild lock', () => {
  let dir = '';
  let file = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lock-'));
    file = path.join(dir, 'search', 'rebuild.lock');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lets one holder in at a time and frees on release', async () => {
    const first = await acquireRebuildLock(file);
    expect(first).toBeDefined();
    expect(await isLockHeld(file)).toBe(true);
    expect(await acquireRebuildLock(file)).toBeUndefined();
    await first?.release();
    expect(await isLockHeld(file)).toBe(false);
    const again = await acquireRebuildLock(file);
    expect(again).toBeDefined();
    await again?.release();
  });

  it('takes over a lock whose owner on this host has died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await acquireRebuildLock(path.join(dir, 'search', 'warmup.lock')).then((l) => l?.release());
    await writeFile(file, JSON.stringify({ pid: dead, host: hostname(), started_at: 'x' }));
    expect(await isLockHeld(file)).toBe(false);
    const taken = await acquireRebuildLock(file);
    expect(taken).toBeDefined();
    await taken?.release();
  });

  it('takes over a lock of another host that stopped its heartbeat', async () => {
    await acquireRebuildLock(path.join(dir, 'search', 'warmup.lock')).then((l) => l?.release());
    await writeFile(file, JSON.stringify({ pid: 1, host: 'other-replica', started_at: 'x' }));
    expect(await acquireRebuildLock(file)).toBeUndefined();
    const old = new Date(Date.now() - LOCK_STALE_MS - 5_000);
    await utimes(file, old, old);
    const taken = await acquireRebuildLock(file);
    expect(taken).toBeDefined();
    await taken?.release();
  });
});
