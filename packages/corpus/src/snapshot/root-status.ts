import { type CorpusRoot, isWatching } from './corpus-root.js';
import type { CorpusSnapshot } from './corpus-snapshot.js';
import { packedCounts } from './packed-value.js';

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
  /** Distinct strings in the loader's pool (see string-pool.ts). */
  pooledStrings: number;
  /** GI, KG and bridge values a restart left as stored bytes, not yet asked for, and their bytes. */
  packedArtifacts: number;
  packedBytes: number;
  /** True while the first load reads the layers after serving the episodes (`CorpusRoot.early`). */
  layersLoading: boolean;
  /** For a folder inside a pinned root: that root, whose snapshot it filters. */
  viewOf?: string;
}

/**
 * How a folder of a pinned root is served, decided once per snapshot of that
 * root: a view of it (`snapshot`), or null for a corpus of its own.
 */
export interface FolderView {
  base: string;
  source: CorpusSnapshot;
  snapshot: CorpusSnapshot | null;
}

export function viewStatus(dir: string, base: string, view: CorpusSnapshot): RootStatus {
  return {
    root: dir,
    episodes: view.episodes.length,
    watching: false,
    watchedDirs: 0,
    syncs: 0,
    dirsStatted: 0,
    lastFullScanAt: null,
    derivedValues: view.derived.size,
    pooledStrings: 0,
    packedArtifacts: 0,
    packedBytes: 0,
    layersLoading: false,
    viewOf: base,
  };
}

export function statusOf(root: CorpusRoot): RootStatus {
  const packed = packedCounts(root.state.artifacts.values());
  return {
    root: root.state.root,
    episodes: (root.snapshot ?? root.early)?.episodes.length ?? 0,
    watching: isWatching(root),
    watchedDirs: root.watcher?.count() ?? 0,
    syncs: root.syncs,
    dirsStatted: root.dirsStatted,
    lastFullScanAt: root.lastFullScanMs === 0 ? null : new Date(root.lastFullScanMs).toISOString(),
    derivedValues: root.snapshot?.derived.size ?? 0,
    pooledStrings: root.state.strings.size,
    packedArtifacts: packed.values,
    packedBytes: packed.bytes,
    layersLoading: root.early !== undefined,
  };
}
