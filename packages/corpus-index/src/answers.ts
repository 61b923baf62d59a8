import type {
  EpisodeDetail,
  EpisodeList,
  FeedEpisodeListQuery,
  InsightList,
} from '@podcast/contracts';
import {
  buildCorpusEpisodeRow,
  type CatalogFilter,
  type CorpusEpisodePage,
  catalogItemOf,
  decodeEpisodeCursor,
  type EpisodeRecord,
  encodeEpisodeCursor,
  episodeDetailOf,
  type FeedRecord,
} from '@podcast/corpus';
import {
  findEpisodeBySlug,
  findFeed,
  queryCatalogAfter,
  queryCatalogPage,
} from './catalog-queries.js';
import type { IndexKysely } from './index-file.js';
import { queryInsightList } from './insight-queries.js';

async function feedsOf(
  db: IndexKysely,
  episodes: readonly EpisodeRecord[],
): Promise<Map<string, FeedRecord>> {
  const ids = [...new Set(episodes.map((episode) => episode.feed_id))];
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db.selectFrom('feeds').select('record').where('feed_id', 'in', ids).execute();
  const feeds = rows.map((row) => JSON.parse(row.record) as FeedRecord);
  return new Map(feeds.map((feed) => [feed.feed_id, feed]));
}

/** The catalog list envelope (`/api/app/episodes` and a show's episodes), from the index. */
export async function episodeListFromIndex(
  db: IndexKysely,
  filter: CatalogFilter,
  query: Pick<FeedEpisodeListQuery, 'page' | 'page_size'>,
): Promise<EpisodeList> {
  const paging = { page: query.page, pageSize: query.page_size };
  const { episodes, ...envelope } = await queryCatalogPage(db, filter, paging);
  const feeds = await feedsOf(db, episodes);
  return {
    items: episodes.map((episode) => catalogItemOf(episode, feeds.get(episode.feed_id))),
    ...envelope,
  };
}

/** The episode page of a slug, or undefined for an unknown slug. */
export async function episodeDetailFromIndex(
  db: IndexKysely,
  slug: string,
): Promise<EpisodeDetail | undefined> {
  const episode = await findEpisodeBySlug(db, slug);
  return episode && episodeDetailOf(episode, await findFeed(db, episode.feed_id));
}

/** An episode's insights with their quotes, or undefined for an unknown slug. */
export async function insightListFromIndex(
  db: IndexKysely,
  slug: string,
): Promise<InsightList | undefined> {
  const episode = await findEpisodeBySlug(db, slug);
  return episode && (await queryInsightList(db, episode.metadata_relpath));
}

/**
 * One page of the viewer's `GET /api/corpus/episodes` for the filters the
 * index carries (feed and publish date), as `pageCorpusEpisodes` answers it:
 * one row more than the page says whether a next cursor is due.
 */
export async function corpusEpisodePageFromIndex(
  db: IndexKysely,
  filter: { feed_id?: string | undefined; since?: string | undefined },
  request: { cursor?: string | undefined; limit: number },
): Promise<CorpusEpisodePage> {
  const after = request.cursor === undefined ? undefined : decodeEpisodeCursor(request.cursor);
  const rows = await queryCatalogAfter(
    db,
    { feedId: filter.feed_id, since: filter.since },
    after,
    request.limit + 1,
  );
  const page = rows.slice(0, request.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(buildCorpusEpisodeRow),
    next_cursor:
      rows.length > request.limit && last !== undefined
        ? encodeEpisodeCursor({
            publish_date: last.publish_date,
            metadata_relpath: last.metadata_relpath,
          })
        : null,
  };
}
