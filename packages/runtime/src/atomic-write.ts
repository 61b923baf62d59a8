import { randomBytes } from 'node:crypto';
import { link, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { withLockFile } from './lock-file.js';

export interface AtomicWriteOptions {
  /** Only create the file; leave an existing one alone. Resolves false when it existed. */
  onlyIfAbsent?: boolean;
}

function tempPathFor(target: string): string {
  // Same directory, so the final rename never crosses a filesystem; the dot
  // prefix keeps corpus discovery (which skips dot-entries) away from it.
  const name = `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  return path.join(path.dirname(target), name);
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename itself durable; some filesystems refuse fsync on a
  // directory, which only weakens durability, never atomicity.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

async function writeTemp(temp: string, text: string): Promise<void> {
  const handle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `target` with `text` so that a reader sees the old file or the new
 * one, never a torn mix: temp file in the same directory, fsync, rename.
 * With `onlyIfAbsent` the temp file is hard-linked into place instead, which
 * fails when the target exists, so a concurrent writer is never overwritten.
 */
export async function writeFileAtomic(
  target: string,
  text: string,
  options: AtomicWriteOptions = {},
): Promise<boolean> {
  const temp = tempPathFor(target);
  let written = true;
  try {
    await writeTemp(temp, text);
    if (options.onlyIfAbsent) {
      written = await linkIfAbsent(temp, target);
    } else {
      await rename(temp, target);
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  await syncDirectory(path.dirname(target));
  return written;
}

/**
 * Runs a file system `action`: true when it succeeds, false when it fails
 * with the errno `code` (a link target that exists, a source already gone);
 * any other failure is thrown.
 */
export async function succeedsUnless(
  code: string,
  action: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === code) {
      return false;
    }
    throw err;
  }
}

const linkIfAbsent = (temp: string, target: string) =>
  succeedsUnless('EEXIST', () => link(temp, target));

/**
 * Runs `task` holding the file's lock, so read-modify-write updates (one key
 * of the operator file, the feeds list, the enricher health) never lose each
 * other's changes, whether they come from this process or another one. The
 * lock is a hidden sibling, `.<name>.lock` (lock-file.ts), which no file
 * route serves; nothing is kept in memory between calls.
 */
export function withFileLock<T>(file: string, task: () => Promise<T>): Promise<T> {
  const resolved = path.resolve(file);
  const hidden = path.join(path.dirname(resolved), `.${path.basename(resolved)}`);
  return withLockFile(hidden, task);
}
