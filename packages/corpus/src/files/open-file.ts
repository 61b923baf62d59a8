import { constants } from 'node:fs';
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
