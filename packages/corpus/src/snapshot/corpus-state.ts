import path from 'node:path';
import type { DirIndex } from '../discovery/discovery.js';
import { type DedupCandidate, selectDedupWinners } from '../discovery/run-dedup.js';
import type { NormalizedGraph } from '../graph/gi-graph.js';
import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import { asText } from '../readers/lenient-values.js';
import {
  type ArtifactKind,
  artifactKindOf,
  type EpisodeMetadata,
  isMetadataFileName,
  metadataStem,
  siblingArtifactName,
} from '../readers/metadata.js';
import type { EpisodeRecord } from '../records/episode-record.js';

/**
 * One file the loader tracks. `value` is undefined until read (or after a
 * change), null when the file was unreadable; unchanged (mtime, size) means
 * the parsed value is reused.
 */
export interface CachedFile<T> {
  mtimeMs: number;
  size: number;
  /** False while the mtime is recent enough that a same-tick rewrite could hide. */
  stable: boolean;
  value: T | null | undefined;
}

/** A metadata file plus the record last derived from it, reused while its inputs are unchanged. */
export interface CachedMetadata extends CachedFile<EpisodeMetadata> {
  derived?: { source: EpisodeMetadata; key: string; record: EpisodeRecord };
}

export type LoadedArtifact = NormalizedGraph | NormalizedKg | NormalizedBridge;

export interface CachedArtifact extends CachedFile<LoadedArtifact> {
  kind: ArtifactKind;
}

/** Everything known about one corpus root between loads; only the loader mutates it. */
export interface CorpusState {
  root: string;
  dirs: DirIndex;
  metadata: Map<string, CachedMetadata>;
  artifacts: Map<string, CachedArtifact>;
  /** Art store relpath → exists. */
  art: Map<string, boolean>;
  /** Bumped whenever an art path appears or disappears, invalidating derived records. */
  artVersion: number;
  /** Tracked files whose mtime was too recent to trust at the last stat. */
  unstable: Set<string>;
  /** Tracked files as of the last walk that re-listed a directory. */
  tracked?: Map<string, TrackedKind>;
  /** Bumped on every change to the caches; an unchanged value means the last snapshot still holds. */
  generation: number;
  /** Run-dedup winners and the generation they were computed at. */
  winners?: { generation: number; relpaths: Set<string> };
}

export function createCorpusState(root: string): CorpusState {
  return {
    root,
    dirs: new Map(),
    metadata: new Map(),
    artifacts: new Map(),
    art: new Map(),
    artVersion: 0,
    unstable: new Set(),
    generation: 0,
  };
}

export type TrackedKind = 'metadata' | ArtifactKind;

/** Every metadata/artifact file the current directory index lists. */
export function listTrackedFiles(dirs: DirIndex): Map<string, TrackedKind> {
  const files = new Map<string, TrackedKind>();
  for (const [dir, listing] of dirs) {
    for (const name of listing.files) {
      const kind = isMetadataFileName(name) ? 'metadata' : artifactKindOf(name);
      if (kind !== undefined) {
        files.set(dir === '' ? name : `${dir}/${name}`, kind);
      }
    }
  }
  return files;
}

/** Relpath of a metadata file's GI/KG/bridge sibling. */
export function siblingRelpath(metadataRelpath: string, kind: ArtifactKind): string {
  const dir = path.posix.dirname(metadataRelpath);
  const name = siblingArtifactName(metadataStem(path.posix.basename(metadataRelpath)), kind);
  return dir === '.' ? name : `${dir}/${name}`;
}

/** The metadata files that win run deduplication (unreadable ones are no episodes at all). */
export function dedupWinners(state: CorpusState): Set<string> {
  const candidates: DedupCandidate[] = [];
  for (const [relpath, file] of state.metadata) {
    if (!file.value) {
      continue;
    }
    const { feed, episode } = file.value;
    candidates.push({
      metadata_relpath: relpath,
      feed_id: asText(feed.feed_id) ?? '',
      episode_key: asText(episode.episode_id) ?? asText(episode.guid) ?? null,
      mtime_ms: file.mtimeMs,
    });
  }
  return selectDedupWinners(candidates);
}

/**
 * Winner metadata relpath → the relpaths of the same episode that lost run
 * deduplication (older runs' copies), for episodes that have any.
 */
export function losingCopies(
  state: CorpusState,
  winners: ReadonlySet<string>,
): Map<string, string[]> {
  const keyOf = (file: CachedMetadata) => {
    const { feed, episode } = file.value as EpisodeMetadata;
    const key = asText(episode.episode_id) ?? asText(episode.guid);
    return key === undefined ? undefined : `${asText(feed.feed_id) ?? ''}\u0000${key}`;
  };
  const losers = new Map<string, string[]>();
  for (const [relpath, file] of state.metadata) {
    const key = file.value && !winners.has(relpath) ? keyOf(file) : undefined;
    if (key !== undefined) {
      const list = losers.get(key) ?? [];
      list.push(relpath);
      losers.set(key, list);
    }
  }
  const copies = new Map<string, string[]>();
  if (losers.size === 0) {
    return copies;
  }
  for (const relpath of winners) {
    const file = state.metadata.get(relpath);
    const key = file?.value ? keyOf(file) : undefined;
    const lost = key === undefined ? undefined : losers.get(key);
    if (lost !== undefined) {
      copies.set(relpath, lost.sort());
    }
  }
  return copies;
}

/** Artifact relpaths hidden by deduplication: the siblings of losing metadata files. */
export function losingArtifacts(state: CorpusState, winners: ReadonlySet<string>): Set<string> {
  const hidden = new Set<string>();
  for (const [relpath, file] of state.metadata) {
    if (file.value && !winners.has(relpath)) {
      for (const kind of ['gi', 'kg', 'bridge'] as const) {
        hidden.add(siblingRelpath(relpath, kind));
      }
    }
  }
  return hidden;
}
