import { readFileSync } from 'node:fs';
import { open, readFile, stat, unlink } from 'node:fs/promises';

export interface LockFileOptions {
  /** Give up after this many ms of waiting (default 10 s). */
  waitMs?: number;
  /** A lock file older than this many ms is a crashed holder's and is taken over (default 30 s). */
  staleMs?: number;
}

/**
 * Runs `task` holding `<file>.lock`, an exclusively created file, so that
 * processes (not only the callers of one process) take turns. A lock whose
 * holder died is taken over once it is older than `staleMs`, or at once
 * when it names a pid on this host that no longer runs.
 */
export async function withLockFile<T>(
  file: string,
  task: () => Promise<T>,
  options: LockFileOptions = {},
): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + (options.waitMs ?? 10_000);
  for (;;) {
    try {
      const handle = await open(lock, 'wx', 0o644);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw err;
      }
      if (await isAbandoned(lock, options.staleMs ?? 30_000)) {
        await unlink(lock).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`${lock} is held by another process`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }
  try {
    return await task();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

async function isAbandoned(lock: string, staleMs: number): Promise<boolean> {
  try {
    const [info, text] = await Promise.all([stat(lock), readFile(lock, 'utf8')]);
    if (Date.now() - info.mtimeMs > staleMs) {
      return true;
    }
    const pid = Number(text);
    return Number.isInteger(pid) && pid > 0 && !isRunning(pid);
  } catch {
    return false;
  }
}

/** Whether `pid` is a live process: one that exists and is not a zombie. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A process SIGKILLed together with its parent stays a zombie until init
 * reaps it: signalling it succeeds, though it holds nothing. Linux tells
 * from /proc; elsewhere a process that answers a signal counts as live.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": the state follows the last parenthesis, as comm may hold any byte.
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}
