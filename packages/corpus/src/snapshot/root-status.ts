import { type CorpusRoot, isWatching } from './corpus-root.js';
import type { CorpusSnapshot } from './corpus-snapshot.js';

export interface RootStatus {
  root: string;
  episodes: number;
  /** True while a watcher reports changes (no walk between safety rescans). */
  watching: boolean;
  watchedDirs: number;
  syncs: number;
  dirsStatted: number;
  lastFullScanAt: string | null;
  /** Values derived from the current snapshot so far (lists, indexes, rows). */
  derivedValues: number;
  /** For a folder inside a pinned root: that root, whose snapshot it filters. */
  viewOf?: string;
}

/** A folder served from its pinned root's snapshot, rebuilt when that snapshot changes. */
export interface FolderView {
  base: string;
  source: CorpusSnapshot;
  snapshot: CorpusSnapshot;
}

export function viewStatus(dir: string, view: FolderView): RootStatus {
  return {
    root: dir,
    episodes: view.snapshot.episodes.length,
    watching: false,
    watchedDirs: 0,
    syncs: 0,
    dirsStatted: 0,
    lastFullScanAt: null,
    derivedValues: view.snapshot.derived.size,
    viewOf: view.base,
  };
}

export function statusOf(root: CorpusRoot): RootStatus {
  return {
    root: root.state.root,
    episodes: root.snapshot?.episodes.length ?? 0,
    watching: isWatching(root),
    watchedDirs: root.watcher?.count() ?? 0,
    syncs: root.syncs,
    dirsStatted: root.dirsStatted,
    lastFullScanAt: root.lastFullScanMs === 0 ? null : new Date(root.lastFullScanMs).toISOString(),
    derivedValues: root.snapshot?.derived.size ?? 0,
  };
}
