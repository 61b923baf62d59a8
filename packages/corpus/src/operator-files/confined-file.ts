import path from 'node:path';
import { NotFound } from '@podcast/contracts';
import { NotRegularFile, readRegularFile } from '../files/open-file.js';
import { resolveInsideRoot } from '../roots/corpus-roots.js';

export interface RootFile {
  /** Where the file lives (or would be created) under the root. */
  path: string;
  /** The file's text, undefined when it does not exist. */
  text: string | undefined;
}

/**
 * Reads `name` directly under the corpus root. A symlink that leads out of
 * the root is refused (403) rather than followed: these files are served back
 * verbatim, so following it would publish any file the server can read.
 */
export async function readRootFile(root: string, name: string, field: string): Promise<RootFile> {
  const target = path.join(root, name);
  try {
    const real = await resolveInsideRoot(root, name, field);
    return { path: target, text: await readRegularFile(real) };
  } catch (err) {
    if (
      err instanceof NotFound ||
      err instanceof NotRegularFile ||
      (err as NodeJS.ErrnoException).code === 'ENOENT'
    ) {
      return { path: target, text: undefined };
    }
    throw err;
  }
}
