import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { transcriptFamilyOf } from '@podcast/corpus';
import { scopeOf } from '../documents/index-document.js';

/** Scope → fingerprint of every indexed episode, as written by the last build. */
export type Fingerprints = Record<string, string>;

async function stamp(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.size}:${Math.trunc(info.mtimeMs)}`;
  } catch {
    return '-';
  }
}

/**
 * Size and mtime of every file an episode's rows come from. Stat-based so
 * the stats route can tell what changed without reading or embedding text.
 */
export async function episodeFingerprint(root: string, episode: EpisodeRecord): Promise<string> {
  const family = transcriptFamilyOf(episode.transcript_relpath);
  const relpaths = [
    episode.metadata_relpath,
    episode.gi_relpath,
    episode.kg_relpath,
    family?.txt,
    family?.adfree_txt,
    family?.adfree_admap,
  ];
  const stamps = await Promise.all(
    relpaths.map((relpath) => (relpath ? stamp(path.join(root, relpath)) : '-')),
  );
  return createHash('sha1').update(stamps.join('|')).digest('hex').slice(0, 16);
}

/** Scope → the episode and the fingerprint of its files now. */
export type SnapshotFingerprints = ReadonlyMap<
  string,
  { episode: EpisodeRecord; fingerprint: string }
>;

/**
 * Where the current fingerprints come from: a corpus root, its indexable
 * episodes, and the version they belong to (a snapshot, or the corpus
 * index's data version), which the stats route's reuse is keyed by.
 */
export interface FingerprintSource {
  readonly root: string;
  readonly version: object;
  episodes(): Promise<readonly EpisodeRecord[]>;
}

/** The fingerprint source of a loaded snapshot. */
export function snapshotFingerprintSource(snapshot: CorpusSnapshot): FingerprintSource {
  return { root: snapshot.root, version: snapshot, episodes: async () => snapshot.episodes };
}

/** Fingerprints of the source's indexable episodes, `concurrency` episodes at a time. */
export async function currentFingerprintsOf(
  source: FingerprintSource,
  concurrency = 32,
): Promise<SnapshotFingerprints> {
  const episodes = (await source.episodes()).filter((e) => e.episode_id !== null);
  const out = new Map<string, { episode: EpisodeRecord; fingerprint: string }>();
  for (let i = 0; i < episodes.length; i += concurrency) {
    const batch = episodes.slice(i, i + concurrency);
    const prints = await Promise.all(batch.map((e) => episodeFingerprint(source.root, e)));
    batch.forEach((episode, j) => {
      out.set(scopeOf(episode.feed_id, episode.episode_id ?? ''), {
        episode,
        fingerprint: prints[j] ?? '',
      });
    });
  }
  return out;
}

export interface Staleness {
  added: string[];
  changed: string[];
  removed: string[];
}

/** Pure: what differs between the fingerprints on record and the current ones. */
export function compareFingerprints(
  recorded: Fingerprints,
  current: ReadonlyMap<string, { fingerprint: string }>,
): Staleness {
  const added: string[] = [];
  const changed: string[] = [];
  for (const [scope, { fingerprint }] of current) {
    const before = recorded[scope];
    if (before === undefined) {
      added.push(scope);
    } else if (before !== fingerprint) {
      changed.push(scope);
    }
  }
  const removed = Object.keys(recorded).filter((scope) => !current.has(scope));
  return { added, changed, removed };
}
