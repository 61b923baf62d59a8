import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { artifactKindOf, isMetadataFileName } from '../readers/metadata.js';

/**
 * Called with the watched directory's relpath, the changed entry's name
 * (null if unknown) and whether entries may have come or gone (`rename`)
 * rather than one file's content changed.
 */
export type DirChangeListener = (
  dirRelpath: string,
  name: string | null,
  isRename: boolean,
) => void;

export interface DirWatcher {
  /** Watches exactly these directories from now on; returns the ones newly watched. */
  track(dirRelpaths: Iterable<string>): string[];
  /**
   * Watches `came` too and stops watching `gone`, the rest as it is: what a
   * walk of the watched changes moved (`WalkResult.gone`), without a pass
   * over every directory. Returns the ones newly watched.
   */
  update(came: Iterable<string>, gone: Iterable<string>): string[];
  /** False once watching failed (say, the inotify limit): callers fall back to periodic checks. */
  isActive(): boolean;
  /** Directories watched now. */
  count(): number;
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
  logger: Pick<Logger, 'warn'>,
): DirWatcher {
  const watchers = new Map<string, FSWatcher>();
  let isDisabled = false;
  const add = (rel: string): boolean => {
    try {
      const watcher = watch(path.join(root, rel), { persistent: false }, (event, name) =>
        onChange(rel, name === null ? null : String(name), event === 'rename'),
      );
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(rel);
        onChange(rel, null, true);
      });
      watchers.set(rel, watcher);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') {
        isDisabled = true;
        logger.warn(
          { root, err: (err as Error).message },
          'corpus file watching disabled; using periodic checks',
        );
      }
      return false;
    }
  };
  return {
    track(dirRelpaths) {
      const added: string[] = [];
      if (isDisabled) {
        return added;
      }
      const wanted = new Set(dirRelpaths);
      for (const [rel, watcher] of watchers) {
        if (!wanted.has(rel)) {
          watcher.close();
          watchers.delete(rel);
        }
      }
      for (const rel of wanted) {
        if (!watchers.has(rel) && !isDisabled && add(rel)) {
          added.push(rel);
        }
      }
      return added;
    },
    update(came, gone) {
      const added: string[] = [];
      for (const rel of gone) {
        watchers.get(rel)?.close();
        watchers.delete(rel);
      }
      for (const rel of came) {
        if (!watchers.has(rel) && !isDisabled && add(rel)) {
          added.push(rel);
        }
      }
      return added;
    },
    isActive: () => !isDisabled,
    count: () => watchers.size,
    close() {
      isDisabled = true;
      for (const watcher of watchers.values()) {
        watcher.close();
      }
      watchers.clear();
    },
  };
}

/** Where a watch event asks for a look: files named by their events, and directories to list again. */
export interface ChangeMarks {
  dirtyFiles: Set<string>;
  dirtyDirs: Set<string>;
}

function isMetadataDirRel(rel: string): boolean {
  return path.posix.basename(rel) === 'metadata';
}

/**
 * Turns one watch event into the narrowest re-check: a named file, or a
 * directory listing. Returns false for an event that changes nothing
 * discovery tracks (a dot-file, an untracked name in a `metadata/` folder).
 */
export function noteWatchEvent(
  marks: ChangeMarks,
  dirRel: string,
  name: string | null,
  isRename: boolean,
): boolean {
  if (name?.startsWith('.')) {
    return false;
  }
  if (name === null || !isMetadataDirRel(dirRel)) {
    marks.dirtyDirs.add(dirRel);
  } else if (isMetadataFileName(name) || artifactKindOf(name) !== undefined) {
    marks.dirtyFiles.add(dirRel === '' ? name : `${dirRel}/${name}`);
    if (isRename) {
      marks.dirtyDirs.add(dirRel); // a file came or went: the listing changed too
    }
  } else {
    return false;
  }
  return true;
}
