import { mkdir, open, readFile, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** How often the holder touches the lock, and how old an untouched one must be to count as abandoned. */
export const LOCK_HEARTBEAT_MS = 2_000;
export const LOCK_STALE_MS = 15_000;

interface LockOwner {
  pid: number;
  host: string;
  started_at: string;
}

export interface HeldLock {
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A lock nobody holds any more: its owner on this host is dead, or (another
 * host, a replica on a shared disk) it has not been touched for LOCK_STALE_MS.
 */
async function isAbandoned(file: string, now: number): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (owner.host === hostname() && typeof owner.pid === 'number' && !isAlive(owner.pid)) {
      return true;
    }
    return now - info.mtimeMs > LOCK_STALE_MS;
  } catch (err) {
    // Unreadable half-written content: judge by age alone.
    const code = (err as NodeJS.ErrnoException).code;
    return (
      code !== 'ENOENT' &&
      now - ((await stat(file).catch(() => null))?.mtimeMs ?? now) > LOCK_STALE_MS
    );
  }
}

async function tryCreate(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'wx');
    const owner: LockOwner = {
      pid: process.pid,
      host: hostname(),
      started_at: new Date().toISOString(),
    };
    await handle.writeFile(JSON.stringify(owner));
    await handle.close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      return false;
    }
    throw err;
  }
}

/** Whether some live process holds the lock now. */
export async function isLockHeld(file: string): Promise<boolean> {
  try {
    await stat(file);
  } catch {
    return false;
  }
  return !(await isAbandoned(file, Date.now()));
}

/**
 * Takes the per-corpus rebuild lock, or returns undefined when a live holder
 * has it. Creation is O_EXCL, so two processes (or replicas on a shared disk)
 * cannot both win; an abandoned lock is removed and creation retried once.
 * The holder touches the file every LOCK_HEARTBEAT_MS until release.
 */
export async function acquireRebuildLock(file: string): Promise<HeldLock | undefined> {
  await mkdir(path.dirname(file), { recursive: true });
  if (!(await tryCreate(file))) {
    if (!(await isAbandoned(file, Date.now()))) {
      return undefined;
    }
    await unlink(file).catch(() => undefined);
    if (!(await tryCreate(file))) {
      return undefined;
    }
  }
  const timer = setInterval(() => {
    const now = new Date();
    void utimes(file, now, now).catch(() => undefined);
  }, LOCK_HEARTBEAT_MS);
  timer.unref();
  return {
    release: async () => {
      clearInterval(timer);
      await unlink(file).catch(() => undefined);
    },
  };
}
