import { readSideFile } from '../clusters/side-file.js';
import type { UnknownRecord } from '../lenient-values.js';
import {
  NO_TOPIC_OVERLAYS,
  storylinesByTopic,
  type TopicGroup,
  type TopicOverlays,
  themesByTopic,
} from './topic-overlays.js';

export const TOPIC_CLUSTERS_RELPATH = 'search/topic_clusters.json';
export const THEME_CLUSTERS_RELPATH = 'enrichments/topic_theme_clusters.json';

type Build = (document: UnknownRecord | undefined) => Map<string, TopicGroup>;

// readSideFile returns the same parsed record until the file changes, so an
// index keyed by that record is rebuilt exactly once per file version.
const indexes = new WeakMap<UnknownRecord, WeakMap<Build, ReadonlyMap<string, TopicGroup>>>();

async function indexOf(root: string, relpath: string, build: Build) {
  const file = await readSideFile(root, relpath);
  if (file.state !== 'ok') {
    // Missing, unreadable, or a symlink leading out of the corpus: no overlay.
    return NO_TOPIC_OVERLAYS.themes;
  }
  const byBuild = indexes.get(file.record) ?? new WeakMap();
  indexes.set(file.record, byBuild);
  const index = byBuild.get(build) ?? build(file.record);
  byBuild.set(build, index);
  return index;
}

/**
 * The theme and storyline of every clustered topic of the corpus at `root`.
 * Neither file is part of the corpus snapshot; each is parsed again only
 * after it changes (see readSideFile).
 */
export async function loadTopicOverlays(root: string): Promise<TopicOverlays> {
  const [themes, storylines] = await Promise.all([
    indexOf(root, TOPIC_CLUSTERS_RELPATH, themesByTopic),
    indexOf(root, THEME_CLUSTERS_RELPATH, storylinesByTopic),
  ]);
  return { themes, storylines };
}
