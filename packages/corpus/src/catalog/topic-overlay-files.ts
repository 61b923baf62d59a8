import { stat } from 'node:fs/promises';
import { DomainError } from '@podcast/contracts';
import type { Logger } from 'pino';
import { resolveInsideRoot } from '../corpus-roots.js';
import { readCorpusObject } from '../lenient-parse.js';
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

interface CachedIndex {
  mtimeMs: number;
  size: number;
  index: ReadonlyMap<string, TopicGroup>;
}

// Keyed by real file path. Neither file is part of the corpus snapshot (the
// registry watches episode folders only), so freshness comes from (mtime, size).
const indexes = new Map<string, CachedIndex>();
const EMPTY_INDEX: ReadonlyMap<string, TopicGroup> = NO_TOPIC_OVERLAYS.themes;

async function realFileOf(root: string, relpath: string): Promise<string | undefined> {
  try {
    return await resolveInsideRoot(root, relpath, 'relpath');
  } catch (err) {
    // Missing, or a symlink leading out of the corpus: both mean "no overlay".
    if (err instanceof DomainError) {
      return undefined;
    }
    throw err;
  }
}

async function indexOf(
  root: string,
  relpath: string,
  build: (document: UnknownRecord | undefined) => Map<string, TopicGroup>,
  logger: Logger,
): Promise<ReadonlyMap<string, TopicGroup>> {
  const file = await realFileOf(root, relpath);
  const info = file === undefined ? undefined : await stat(file).catch(() => undefined);
  if (file === undefined || info === undefined || !info.isFile()) {
    return EMPTY_INDEX;
  }
  const cached = indexes.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
    return cached.index;
  }
  const read = readCorpusObject(file, logger);
  const index = build(read?.record);
  indexes.set(file, { mtimeMs: read?.mtimeMs ?? -1, size: read?.size ?? -1, index });
  return index;
}

/**
 * The theme and storyline of every clustered topic of the corpus at `root`.
 * A missing or unreadable file contributes nothing; each file is parsed
 * again only after it changes.
 */
export async function loadTopicOverlays(root: string, logger: Logger): Promise<TopicOverlays> {
  const [themes, storylines] = await Promise.all([
    indexOf(root, TOPIC_CLUSTERS_RELPATH, themesByTopic, logger),
    indexOf(root, THEME_CLUSTERS_RELPATH, storylinesByTopic, logger),
  ]);
  return { themes, storylines };
}
