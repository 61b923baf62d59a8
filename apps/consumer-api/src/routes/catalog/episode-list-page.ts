import type { EpisodeList, FeedEpisodeListQuery } from '@podcast/contracts';
import {
  type CatalogFilter,
  type CorpusSnapshot,
  catalogItemOf,
  catalogPage,
} from '@podcast/corpus';

/** One page of the catalog list envelope, shared by the whole-catalog and per-show lists. */
export function episodeListPage(
  snapshot: CorpusSnapshot,
  filter: CatalogFilter,
  query: FeedEpisodeListQuery,
): EpisodeList {
  const paging = { page: query.page, pageSize: query.page_size };
  const { episodes, ...envelope } = catalogPage(snapshot, filter, paging);
  return {
    items: episodes.map((episode) => catalogItemOf(episode, snapshot.findFeed(episode.feed_id))),
    ...envelope,
  };
}
