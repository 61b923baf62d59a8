import type { EpisodeDetail, EpisodeList, FeedEpisodeListQuery } from '@podcast/contracts';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { catalogItemOf, episodeDetailOf } from './catalog-item.js';
import { type CatalogFilter, catalogPage } from './catalog-page.js';
import { insightListOf } from './insight-list.js';

/*
 * The catalog answers of the consumer API from a snapshot, beside which
 * corpus-index's *FromIndex functions must answer the same (its tests and
 * bench compare the two).
 */

/** The catalog list envelope (`/api/app/episodes` and a show's episodes). */
export function episodeListFromSnapshot(
  snapshot: CorpusSnapshot,
  filter: CatalogFilter,
  query: Pick<FeedEpisodeListQuery, 'page' | 'page_size'>,
): EpisodeList {
  const paging = { page: query.page, pageSize: query.page_size };
  const { episodes, ...envelope } = catalogPage(snapshot, filter, paging);
  return {
    items: episodes.map((episode) => catalogItemOf(episode, snapshot.findFeed(episode.feed_id))),
    ...envelope,
  };
}

/** The episode page of a slug, or undefined for an unknown slug. */
export function episodeDetailFromSnapshot(
  snapshot: CorpusSnapshot,
  slug: string,
): EpisodeDetail | undefined {
  const episode = snapshot.findEpisodeBySlug(slug);
  return episode && episodeDetailOf(episode, snapshot.findFeed(episode.feed_id));
}

/** An episode's insights with their quotes, or undefined for an unknown slug. */
export function insightListFromSnapshot(snapshot: CorpusSnapshot, slug: string) {
  const episode = snapshot.findEpisodeBySlug(slug);
  return episode && insightListOf(snapshot, snapshot.graphOf(episode));
}
