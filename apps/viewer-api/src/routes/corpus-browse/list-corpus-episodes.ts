import { CorpusEpisodeList, CorpusEpisodesQuery } from '@podcast/contracts';
import { type EpisodeFilter, pageCorpusEpisodes, readClusteredEpisodeIds } from '@podcast/corpus';
import { corpusEpisodePageFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedEpisodesCache } from '../snapshot-cache.js';
import { answerForCorpus, corpusIndexFor } from './corpus-snapshot-for.js';

export const listCorpusEpisodes = defineRoute({
  method: 'get',
  path: '/api/corpus/episodes',
  summary: 'Paginated newest-first episode list',
  description:
    'Newest publish date first; ties and undated episodes by metadata path, undated last. ' +
    'Pages with an opaque cursor (the sort key of the last row), so rows added or removed ' +
    'between requests are neither repeated nor skipped. cil_digest_topics is always empty here.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusEpisodesQuery,
  responses: { 200: CorpusEpisodeList },
  cache: indexedEpisodesCache,
  handler: async ({ query, ctx }) => {
    // topic_q searches the KG's topic labels too; the other filters read the catalog alone.
    const needs = query.topic_q === undefined ? 'catalog' : 'layers';
    const index = await corpusIndexFor(ctx, query.path, needs);
    if (index !== undefined) {
      // The cluster file is read as the projection reads it, through the registry's side-file cache.
      const clusteredEpisodeIds =
        query.topic_cluster_only === true
          ? await readClusteredEpisodeIds(ctx.corpus.at(index.root))
          : undefined;
      const { feed_id, q, topic_q, since } = query;
      const filter = { feed_id, q, topic_q, since, clusteredEpisodeIds };
      const page = await corpusEpisodePageFromIndex(index.view.db, filter, query);
      return { path: index.root, limit: query.limit, ...page };
    }
    return answerForCorpus(ctx, query.path, async (snapshot) => {
      const filter: EpisodeFilter = {
        feed_id: query.feed_id,
        q: query.q,
        topic_q: query.topic_q,
        since: query.since,
      };
      if (query.topic_cluster_only === true) {
        filter.clusteredEpisodeIds = await readClusteredEpisodeIds(snapshot);
      }
      const page = pageCorpusEpisodes(snapshot, {
        filter,
        cursor: query.cursor,
        limit: query.limit,
      });
      return { limit: query.limit, ...page };
    });
  },
});
