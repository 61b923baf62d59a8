import {
  type CatalogFilter,
  type CorpusRegistry,
  type CorpusSnapshot,
  catalogItemOf,
  catalogPage,
  createCorpusRegistry,
  episodeDetailOf,
  insightListOf,
} from '@podcast/corpus';
import type { Logger } from 'pino';
import { type IndexConnection, ingestCorpus, openIndexWriter } from '../src/index.js';

/** The answers of today's code: the snapshot of packages/corpus's registry. */
export async function loadSnapshot(
  root: string,
  logger: Logger,
): Promise<{ registry: CorpusRegistry; snapshot: CorpusSnapshot }> {
  const registry = createCorpusRegistry({ logger, watch: false });
  return { registry, snapshot: await registry.get(root) };
}

/** An index of `root` in `file`, ingested once. */
export async function buildIndex(
  file: string,
  root: string,
  logger: Logger,
): Promise<IndexConnection> {
  const connection = await openIndexWriter(file, logger);
  await ingestCorpus({ db: connection.db, root, logger });
  return connection;
}

/** The catalog envelope as the consumer route makes it from a snapshot. */
export function snapshotEpisodeList(
  snapshot: CorpusSnapshot,
  filter: CatalogFilter,
  query: { page: number; page_size: number },
) {
  const paging = { page: query.page, pageSize: query.page_size };
  const { episodes, ...envelope } = catalogPage(snapshot, filter, paging);
  return {
    items: episodes.map((episode) => catalogItemOf(episode, snapshot.findFeed(episode.feed_id))),
    ...envelope,
  };
}

export function snapshotDetail(snapshot: CorpusSnapshot, slug: string) {
  const episode = snapshot.findEpisodeBySlug(slug);
  return episode && episodeDetailOf(episode, snapshot.findFeed(episode.feed_id));
}

export function snapshotInsights(snapshot: CorpusSnapshot, slug: string) {
  const episode = snapshot.findEpisodeBySlug(slug);
  return episode && insightListOf(snapshot, snapshot.graphOf(episode));
}
