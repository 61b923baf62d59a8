import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/** Called with the watched directory's relpath and the changed entry's name (null if unknown). */
export type DirChangeListener = (dirRelpath: string, name: string | null) => void;

export interface DirWatcher {
  /** Watches exactly these directories from now on. */
  track(dirRelpaths: Iterable<string>): void;
  close(): void;
}

/**
 * One non-recursive `fs.watch` per discovered directory. Node 20 emulates
 * `recursive: true` on Linux by synchronously watching every file of the
 * tree (transcripts and media included), which blocks the event loop and
 * exhausts inotify watches on large corpora; the directories discovery
 * walks are all that matter here. Where watching fails the registry's
 * throttled directory check still notices changes.
 */
export function createDirWatcher(
  root: string,
  onChange: DirChangeListener,
  logger: Logger,
): DirWatcher {
  const watchers = new Map<string, FSWatcher>();
  let isDisabled = false;
  const add = (rel: string) => {
    try {
      const watcher = watch(path.join(root, rel), { persistent: false }, (_event, name) =>
        onChange(rel, name === null ? null : String(name)),
      );
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(rel);
        onChange(rel, null);
      });
      watchers.set(rel, watcher);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') {
        isDisabled = true;
        logger.warn(
          { root, err: (err as Error).message },
          'corpus file watching disabled; using periodic checks',
        );
      }
    }
  };
  return {
    track(dirRelpaths) {
      if (isDisabled) {
        return;
      }
      const wanted = new Set(dirRelpaths);
      for (const [rel, watcher] of watchers) {
        if (!wanted.has(rel)) {
          watcher.close();
          watchers.delete(rel);
        }
      }
      for (const rel of wanted) {
        if (!watchers.has(rel) && !isDisabled) {
          add(rel);
        }
      }
    },
    close() {
      isDisabled = true;
      for (const watcher of watchers.values()) {
        watcher.close();
      }
      watchers.clear();
    },
  };
}
