import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { NotFound } from '@podcast/contracts';

/** An open regular file; its size and time come from the descriptor, not a second lookup. */
export interface OpenedFile {
  handle: FileHandle;
  size: number;
  mtime: Date;
}

// O_NOFOLLOW: callers open a path they already resolved, so a symlink here
// means one was swapped in since. O_NONBLOCK: opening a FIFO must not hang.
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR']);

/** Opens `file` for streaming; a directory, device or vanished file is 404 (`what` names it). */
export async function openRegularFile(file: string, what: string): Promise<OpenedFile> {
  let handle: FileHandle;
  try {
    handle = await open(file, FLAGS);
  } catch (err) {
    if (GONE.has((err as NodeJS.ErrnoException).code ?? '')) {
      throw new NotFound(`${what}: no such file in the corpus`);
    }
    throw err;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw new NotFound(`${what}: not a regular file`);
    }
    return { handle, size: stats.size, mtime: stats.mtime };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** Raised when a corpus path names a FIFO, device, socket or folder instead of a file. */
export class NotRegularFile extends Error {
  readonly code = 'ENOTREG';
}

// Readers of tracked files follow links (confinement was checked when the
// path was found) but must not hang on a FIFO either.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/**
 * `read(fd, info)` over a regular file opened without blocking, closed
 * afterwards; a FIFO, device or folder is `NotRegularFile`, never a read
 * that hangs.
 */
function withRegularFileSync<T>(file: string, read: (fd: number, info: Stats) => T): T {
  const fd = openSync(file, READ_FLAGS);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) {
      throw new NotRegularFile(`not a regular file: ${file}`);
    }
    return read(fd, info);
  } finally {
    closeSync(fd);
  }
}

/** A regular file's text and (mtime, size) from one descriptor, read synchronously; see readTextWithStat. */
export function readRegularFileSync(file: string): { text: string; mtimeMs: number; size: number } {
  return withRegularFileSync(file, (fd, info) => {
    const buffer = Buffer.allocUnsafe(info.size);
    const bytesRead = readSync(fd, buffer, 0, info.size, 0);
    return { text: buffer.toString('utf8', 0, bytesRead), mtimeMs: info.mtimeMs, size: info.size };
  });
}

/**
 * Reads a regular file's bytes into `scratch`, piece by piece, and drops
 * them (so that the page cache holds the file), never more than its size;
 * throws as `readRegularFileSync` does.
 */
export function readRegularFileDroppedSync(file: string, scratch: Buffer): void {
  withRegularFileSync(file, (fd, info) => {
    for (let at = 0; at < info.size; ) {
      const got = readSync(fd, scratch, 0, Math.min(scratch.length, info.size - at), at);
      if (got === 0) {
        return;
      }
      at += got;
    }
  });
}

/** A regular file's text; a FIFO, device or folder is `NotRegularFile`, never a read that hangs. */
export async function readRegularFile(file: string): Promise<string> {
  const handle = await open(file, READ_FLAGS);
  try {
    if (!(await handle.stat()).isFile()) {
      throw new NotRegularFile(`not a regular file: ${file}`);
    }
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
