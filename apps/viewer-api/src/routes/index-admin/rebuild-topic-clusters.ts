import {
  DomainError,
  Problem,
  TopicClustersRebuildAccepted,
  TopicClustersRebuildQuery,
} from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { catalogTopicLabels, snapshotTopicLabels } from '@podcast/search';
import { defineRoute } from '../../context.js';
import { corpusIndexFor, corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

export const rebuildTopicClusters = defineRoute({
  method: 'post',
  path: '/api/corpus/topic-clusters/rebuild',
  summary: 'Rebuild the topic-cluster artifact from the index, without reindexing',
  description:
    'Groups the KG topic vectors of the search index by cosine against each cluster centroid ' +
    "(`threshold`; by default the index's embedding model's, 0.75 for the reference's " +
    'all-MiniLM-L6-v2), keeps clusters of two or more, and replaces search/topic_clusters.json ' +
    'atomically in the background (spec 04 §6); 202 at once, then poll GET ' +
    '/api/corpus/topic-clusters until its last_rebuild.started_at is this answer’s. A result ' +
    'without any cluster does not replace a file that has some unless `force=true`: ' +
    'last_rebuild then reports the old file kept, and why. 409 while an index rebuild or ' +
    'another clustering of this corpus runs; 503 without a usable vector index. Needs the ' +
    'operator token.',
  tags: ['index'],
  auth: 'operator',
  query: TopicClustersRebuildQuery,
  responses: {
    202: TopicClustersRebuildAccepted,
    409: Problem.describe('An index rebuild or a clustering of this corpus is running'),
    503: Problem.describe('The corpus has no usable vector index'),
  },
  handler: async ({ query, ctx }) => {
    // The labels come from the corpus index's catalog when it serves the corpus.
    const index = await corpusIndexFor(ctx, query.path, 'catalog');
    const source =
      index === undefined
        ? snapshotTopicLabels(await corpusSnapshotFor(ctx, query.path))
        : catalogTopicLabels(ctx.corpus.at(index.root), index.view.db);
    const start = await ctx.search.rebuildTopicClusters(source, {
      threshold: query.threshold,
      force: query.force,
    });
    if (start.status === 'busy') {
      throw new DomainError('conflict', 'an index rebuild or a clustering of this corpus runs');
    }
    if (start.status === 'no_index') {
      throw new DomainError(
        'unavailable',
        'this corpus has no usable vector index: POST /api/index/rebuild builds one',
      );
    }
    start.finished.then((outcome) => {
      ctx.logger.info({ root: source.root, ...outcome }, 'topic clusters rebuilt');
    });
    return reply(202, {
      status: 'accepted' as const,
      path: source.root,
      ...start.plan,
      poll: `/api/corpus/topic-clusters?path=${encodeURIComponent(source.root)}`,
    });
  },
});
