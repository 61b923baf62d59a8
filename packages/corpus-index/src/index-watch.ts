import path from 'node:path';
import {
  type ChangeMarks,
  createDirWatcher,
  type DirIndex,
  isSentimentSidecarName,
  noteWatchEvent,
  type WalkResult,
} from '@podcast/corpus';
import type { Logger } from 'pino';

/** What the ingester watches, and the changes its watcher reported since they were last taken. */
export interface IndexWatch {
  /** Whether the watcher works and a walk's listings are known: changes can be ingested alone. */
  isActive(): boolean;
  /** After a full ingest: watches every directory it walked. True the first time (the watch starts now). */
  walked(dirs: DirIndex): boolean;
  /** The reported changes and the listings they apply to, or undefined when none are pending. */
  take(): { listings: DirIndex; marks: ChangeMarks } | undefined;
  /** After an ingest of changes: watches the directories its walk found, stops on those it dropped. */
  changed(walk: WalkResult, listings: DirIndex): void;
  /** Puts back the changes of an ingest that failed, for the next one. */
  restore(marks: ChangeMarks): void;
  close(): void;
}

/**
 * The events of the sentiment sidecars the ingester tracks beyond
 * discovery's (`sidecars` of the walk): a sidecar named in its
 * `metadata/enrichments/` folder is a file to stat, and a `metadata/`
 * folder's `enrichments/` coming or going lists that folder again; the
 * folder's other files (other enrichers, temporary names) change nothing
 * the index holds. Undefined for an event elsewhere.
 */
function noteSidecarEvent(
  marks: ChangeMarks,
  dirRel: string,
  name: string | null,
  isRename: boolean,
): boolean | undefined {
  const isMetadataDir = (rel: string) => path.posix.basename(rel) === 'metadata';
  if (name === 'enrichments' && isMetadataDir(dirRel)) {
    marks.dirtyDirs.add(dirRel);
    return true;
  }
  const isSidecarDir =
    path.posix.basename(dirRel) === 'enrichments' && isMetadataDir(path.posix.dirname(dirRel));
  if (!isSidecarDir || name === null) {
    return undefined;
  }
  if (!isSentimentSidecarName(name)) {
    return false;
  }
  marks.dirtyFiles.add(`${dirRel}/${name}`);
  if (isRename) {
    marks.dirtyDirs.add(dirRel); // a file came or went: the listing changed too
  }
  return true;
}

/** One watch event as the ingester reads it: discovery's reading, and the sidecars'. */
export function noteIndexWatchEvent(
  marks: ChangeMarks,
  dirRel: string,
  name: string | null,
  isRename: boolean,
): boolean {
  return (
    noteSidecarEvent(marks, dirRel, name, isRename) ?? noteWatchEvent(marks, dirRel, name, isRename)
  );
}

function emptyMarks(): ChangeMarks {
  return { dirtyFiles: new Set(), dirtyDirs: new Set() };
}

/**
 * The listings without their file names: the files table holds those, and
 * a walk of the watched changes reads only a listing's subdirectories.
 * Kept whole they would hold every tracked file name for as long as the
 * process ingests.
 */
function withoutNames(dirs: DirIndex, names: Iterable<string>): DirIndex {
  for (const dir of names) {
    const listing = dirs.get(dir);
    if (listing !== undefined && listing.files.length > 0) {
      dirs.set(dir, { ...listing, files: [] });
    }
  }
  return dirs;
}

/**
 * The ingester's watcher: packages/corpus's directory watcher and its
 * reading of events, as the projection uses them, over the directories
 * of the ingester's last walk. `onDirty` runs after each event that may
 * change the index.
 */
export function createIndexWatch(
  root: string,
  logger: Pick<Logger, 'warn'>,
  onDirty: () => void,
): IndexWatch {
  let marks = emptyMarks();
  let listings: DirIndex | undefined;
  const watcher = createDirWatcher(
    root,
    (dir, name, isRename) => {
      if (noteIndexWatchEvent(marks, dir, name, isRename)) {
        onDirty();
      }
    },
    logger,
  );
  /** Files written between listing a new directory and watching it raised no event: list it again. */
  const relist = (added: readonly string[]) => {
    for (const dir of added) {
      marks.dirtyDirs.add(dir);
    }
    if (added.length > 0) {
      onDirty();
    }
  };
  return {
    isActive: () => watcher.isActive() && listings !== undefined,
    walked(dirs) {
      const isFirst = listings === undefined;
      listings = withoutNames(dirs, dirs.keys());
      const added = watcher.track(dirs.keys());
      if (!isFirst) {
        relist(added);
      }
      return isFirst;
    },
    take() {
      if (listings === undefined || (marks.dirtyFiles.size === 0 && marks.dirtyDirs.size === 0)) {
        return undefined;
      }
      const taken = marks;
      marks = emptyMarks();
      return { listings, marks: taken };
    },
    changed(walk, previous) {
      listings = withoutNames(walk.dirs, walk.relisted);
      const came = [...walk.relisted].filter((dir) => !previous.has(dir));
      relist(watcher.update(came, walk.gone ?? []));
    },
    restore(taken) {
      for (const file of taken.dirtyFiles) marks.dirtyFiles.add(file);
      for (const dir of taken.dirtyDirs) marks.dirtyDirs.add(dir);
    },
    close: () => watcher.close(),
  };
}
