import { execFile } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the disk answers ENOSPC. */
  fill(): void;
  /** Removes the filler. */
  free(): void;
  destroy(): Promise<void>;
}

/**
 * A tmpfs of `sizeKb` mounted on a temporary folder, to run out of space
 * for real; undefined where mounting is not allowed (not root, no
 * CAP_SYS_ADMIN), and the caller then skips the scenario.
 */
export async function mountSmallDisk(sizeKb: number): Promise<SmallDisk | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const filler = join(dir, 'filler');
  return {
    dir,
    fill: () => {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(4096);
      try {
        for (;;) {
          writeSync(fd, block);
        }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') {
          throw err;
        }
      } finally {
        closeSync(fd);
      }
    },
    free: () => unlinkSync(filler),
    destroy: async () => {
      await run('umount', [dir]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
