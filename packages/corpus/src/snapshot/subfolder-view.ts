import path from 'node:path';
import { createDerivedValues } from '../caches/derived-values.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { buildFeedRecords } from '../records/feeds.js';
import type { ArtifactEntry } from './artifacts.js';
import type { CorpusSnapshot } from './corpus-snapshot.js';
import { firstBy } from './episode-list.js';

/**
 * `relpath` (relative to the source root) made relative to the folder at
 * `prefix`, or null when it lies outside that folder.
 */
function rebase(relpath: string | null, prefix: string): string | null {
  if (relpath === null || !relpath.startsWith(`${prefix}/`)) {
    return null;
  }
  return relpath.slice(prefix.length + 1);
}

/** The record as the folder sees it: every relpath relative to the folder, null outside it. */
function rebaseRecord(record: EpisodeRecord, prefix: string): EpisodeRecord {
  const feedArt = rebase(record.feed_image_local_relpath, prefix);
  const episodeArt = rebase(record.episode_image_local_relpath, prefix);
  return Object.freeze({
    ...record,
    feed_image_local_relpath: feedArt,
    episode_image_local_relpath: episodeArt,
    artwork_relpath: episodeArt ?? feedArt,
    transcript_relpath: rebase(record.transcript_relpath, prefix),
    gi_relpath: rebase(record.gi_relpath, prefix),
    kg_relpath: rebase(record.kg_relpath, prefix),
    bridge_relpath: rebase(record.bridge_relpath, prefix),
    metadata_relpath: rebase(record.metadata_relpath, prefix) as string,
    run_relpath: rebase(record.run_relpath, prefix) ?? '',
  });
}

const prefixOf = (source: CorpusSnapshot, dir: string) =>
  path.relative(source.root, dir).split(path.sep).join('/');

/** Whether `source` holds an episode whose metadata lies in `dir`. */
export function holdsEpisodesIn(source: CorpusSnapshot, dir: string): boolean {
  const inside = `${prefixOf(source, dir)}/`;
  return source.episodes.some((episode) => episode.metadata_relpath.startsWith(inside));
}

/**
 * A folder inside a loaded root, served from the root's snapshot instead of a
 * second projection: the root's episodes and artifacts whose files
 * lie in the folder, with every relpath made relative to it. Run
 * deduplication is the root's, slugs are the root's (so an episode keeps one
 * public id whatever `path` names it), and parsed GI/KG/bridge values are
 * shared, so a view costs one small record per episode. Side files
 * (clusters, index, run files) are read under the folder, as for any root.
 */
export function subfolderView(source: CorpusSnapshot, dir: string): CorpusSnapshot {
  const prefix = prefixOf(source, dir);
  const sourceOf = new Map<EpisodeRecord, EpisodeRecord>();
  const episodes: EpisodeRecord[] = [];
  for (const record of source.episodes) {
    if (record.metadata_relpath.startsWith(`${prefix}/`)) {
      const rebased = rebaseRecord(record, prefix);
      sourceOf.set(rebased, record);
      episodes.push(rebased);
    }
  }
  const artifacts: ArtifactEntry[] = [];
  for (const entry of source.artifacts) {
    const relative = rebase(entry.relative_path, prefix);
    if (relative !== null) {
      artifacts.push(Object.freeze({ ...entry, relative_path: relative }));
    }
  }
  const feeds = Object.freeze(buildFeedRecords(episodes).map((feed) => Object.freeze(feed)));
  const bySlug = firstBy(episodes, (e) => e.slug);
  const byRelpath = firstBy(episodes, (e) => e.metadata_relpath);
  const byFeed = firstBy(feeds, (f) => f.feed_id);
  // Artifact values are looked up by the source record (its relpaths are the root's).
  const viaSource = <T>(episode: EpisodeRecord, read: (record: EpisodeRecord) => T) => {
    const original = sourceOf.get(episode);
    return original === undefined ? undefined : read(original);
  };
  const inView = (found: EpisodeRecord | undefined) =>
    found === undefined ? undefined : bySlug.get(found.slug);
  return Object.freeze({
    root: dir,
    caches: source.caches,
    loadedAt: source.loadedAt,
    episodes: Object.freeze(episodes),
    feeds,
    artifacts: Object.freeze(artifacts),
    stats: source.stats,
    derived: createDerivedValues(),
    lasting: source.lasting,
    findEpisodeBySlug: (slug: string) => bySlug.get(slug),
    findEpisodeById: (episodeId: string) => inView(source.findEpisodeById(episodeId)),
    findEpisodeByRelpath: (relpath: string) => byRelpath.get(relpath),
    findFeed: (feedId: string) => byFeed.get(feedId),
    copiesOf: (episode: EpisodeRecord) =>
      (viaSource(episode, source.copiesOf) ?? [])
        .map((relpath) => rebase(relpath, prefix))
        .filter((relpath): relpath is string => relpath !== null),
    graphOf: (episode: EpisodeRecord) => viaSource(episode, source.graphOf),
    kgOf: (episode: EpisodeRecord) => viaSource(episode, source.kgOf),
    bridgeOf: (episode: EpisodeRecord) => viaSource(episode, source.bridgeOf),
  });
}
