import type { EpisodeStatus as CatalogStatus } from '@podcast/contracts';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';
import { catalogStatusOf } from './catalog-status.js';

export interface CatalogFilter {
  /** Exact feed id; '' selects episodes whose metadata names no feed. */
  feedId?: string;
  status?: CatalogStatus;
}

/** The part of a snapshot the catalog lists read; memoised per object. */
export type CatalogSource = Pick<CorpusSnapshot, 'episodes' | 'findFeed' | 'derived'>;

export interface CatalogPage {
  episodes: readonly EpisodeRecord[];
  page: number;
  page_size: number;
  total: number;
  has_more: boolean;
}

const NONE: readonly EpisodeRecord[] = Object.freeze([]);

// Filtered lists are computed once per snapshot and filter; a refresh makes
// a new snapshot, so entries never go stale and are dropped with it.
const cacheOf = perSnapshot(
  (_snapshot: CatalogSource) => new Map<string, readonly EpisodeRecord[]>(),
  'catalog_filters',
);

/**
 * The newest-first episodes matching `filter`. Only feeds the snapshot knows
 * are cached, so arbitrary feed ids in requests cannot grow the cache.
 */
export function filteredEpisodes(
  snapshot: CatalogSource,
  filter: CatalogFilter,
): readonly EpisodeRecord[] {
  const { feedId, status } = filter;
  if (feedId === undefined && status === undefined) {
    return snapshot.episodes;
  }
  if (feedId !== undefined && snapshot.findFeed(feedId) === undefined) {
    return NONE;
  }
  const cache = cacheOf(snapshot);
  const key = `${status ?? '*'}\u0000${feedId ?? '*'}`;
  let episodes = cache.get(key);
  if (episodes === undefined) {
    // Feed and status together narrow the cached feed list, not the whole catalog.
    const source =
      feedId !== undefined && status !== undefined
        ? filteredEpisodes(snapshot, { feedId })
        : snapshot.episodes;
    episodes = Object.freeze(
      source.filter(
        (episode) =>
          (feedId === undefined || episode.feed_id === feedId) &&
          (status === undefined || catalogStatusOf(episode) === status),
      ),
    );
    cache.set(key, episodes);
  }
  return episodes;
}

/** One page of `items` (pages are one-based); a page past the end is empty. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  pageSize: number,
): { slice: readonly T[]; total: number; has_more: boolean } {
  const start = (page - 1) * pageSize;
  const end = start + pageSize;
  return { slice: items.slice(start, end), total: items.length, has_more: end < items.length };
}

/** The catalog list envelope's episodes for one request. */
export function catalogPage(
  snapshot: CatalogSource,
  filter: CatalogFilter,
  paging: { page: number; pageSize: number },
): CatalogPage {
  const episodes = filteredEpisodes(snapshot, filter);
  const { slice, total, has_more } = pageOf(episodes, paging.page, paging.pageSize);
  return { episodes: slice, page: paging.page, page_size: paging.pageSize, total, has_more };
}
