import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, parse, sep } from 'node:path';
import { DomainError } from '@podcast/contracts';

export interface CorpusWriter {
  /** Writes a corpus-relative file and stamps its mtime, creating folders as needed. */
  write(relpath: string, content: string | Uint8Array, mtimeMs: number): Promise<void>;
  /** Writes several files concurrently; a shared disk keeps up better with a few writes in flight. */
  writeAll(
    files: ReadonlyArray<{ relpath: string; content: string | Uint8Array }>,
    mtimeMs: number,
  ): Promise<void>;
  readonly stats: { files: number; bytes: number };
  /** Waits for pending writes, then stamps every folder (deepest first) so listings are stable too. */
  finish(mtimeMs: number): Promise<void>;
}

/**
 * Writes kept in flight at once. File creation is mostly kernel time; a few
 * dozen concurrent writes through libuv's pool keep a busy disk fed.
 */
const WRITE_WINDOW = 64;

export function createCorpusWriter(root: string): CorpusWriter {
  const madeDirs = new Set<string>();
  const pending = new Set<Promise<void>>();
  let failure: unknown;
  const rethrow = () => {
    if (failure !== undefined) {
      throw failure;
    }
  };
  const stats = { files: 0, bytes: 0 };
  const ensureDir = (dir: string) => {
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      for (let d = dir; d.length > root.length && !madeDirs.has(d); d = dirname(d)) {
        madeDirs.add(d);
      }
    }
  };
  const write = async (relpath: string, content: string | Uint8Array, mtimeMs: number) => {
    const path = join(root, relpath);
    ensureDir(dirname(path));
    // Stamping through the open handle saves a second path lookup per file.
    const handle = await open(path, 'w');
    try {
      await handle.writeFile(content);
      await handle.utimes(mtimeMs / 1000, mtimeMs / 1000);
    } finally {
      await handle.close();
    }
    stats.files += 1;
    stats.bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
  };
  return {
    stats,
    write,
    async writeAll(files, mtimeMs) {
      rethrow();
      for (const file of files) {
        const job: Promise<void> = write(file.relpath, file.content, mtimeMs)
          .catch((error: unknown) => {
            failure ??= error;
          })
          .finally(() => pending.delete(job));
        pending.add(job);
      }
      while (pending.size > WRITE_WINDOW) {
        await Promise.race(pending);
      }
      rethrow();
    },
    async finish(mtimeMs) {
      await Promise.all(pending);
      rethrow();
      const seconds = mtimeMs / 1000;
      const dirs = [...madeDirs].sort(
        (a, b) => b.split(sep).length - a.split(sep).length || (a < b ? -1 : 1),
      );
      for (const dir of [...dirs, root]) {
        utimesSync(dir, seconds, seconds);
      }
    },
  };
}

/** Refuses to write into a non-empty folder; `force` replaces it, but never a root, home or the cwd's ancestors. */
export function prepareOutputDir(root: string, force: boolean, cwd: string): void {
  if (!existsSync(root)) {
    mkdirSync(root, { recursive: true });
    return;
  }
  if (!statSync(root).isDirectory()) {
    throw new DomainError('invalid', `--out ${root} exists and is not a directory`);
  }
  if (readdirSync(root).length === 0) {
    return;
  }
  if (!force) {
    throw new DomainError('conflict', `--out ${root} is not empty; pass --force to replace it`);
  }
  const isProtected =
    root === parse(root).root ||
    root === homedir() ||
    cwd === root ||
    cwd.startsWith(`${root}${sep}`);
  if (isProtected) {
    throw new DomainError(
      'forbidden',
      `refusing to replace ${root}: it is a filesystem root, the home folder or contains the current directory`,
    );
  }
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
}
