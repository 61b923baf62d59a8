import { IndexStatsQuery, IndexStatsResponse } from '@podcast/contracts';
import { listEpisodesWithIds } from '@podcast/corpus-index';
import { indexStats, snapshotFingerprintSource } from '@podcast/search';
import { defineRoute } from '../../context.js';
import { corpusIndexFor, corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

export const getIndexStats = defineRoute({
  method: 'get',
  path: '/api/index/stats',
  summary: 'Search index stats, staleness and rebuild state',
  description:
    'Rows per tier and doc type, the embedding model and provider that built the index, ' +
    'episodes added/changed/removed since the build (by file fingerprints), ' +
    'rebuild_in_progress (any process holds the corpus rebuild lock) and rebuild_last_error. ' +
    '`embedding_model` is compared with the index (default: the configured model).',
  tags: ['index'],
  auth: 'open',
  query: IndexStatsQuery,
  responses: { 200: IndexStatsResponse },
  handler: async ({ query, ctx }) => {
    // The episodes are the catalog's; their files are statted, not read.
    const index = await corpusIndexFor(ctx, query.path, 'catalog');
    const source =
      index === undefined
        ? snapshotFingerprintSource(await corpusSnapshotFor(ctx, query.path))
        : {
            root: index.root,
            version: index.view.version,
            episodes: () => listEpisodesWithIds(index.view.db),
          };
    return indexStats(ctx.search, source, query.embedding_model);
  },
});
