import {
  CorpusPathQuery,
  DomainError,
  NotFound,
  Problem,
  TopicClustersArtifact,
} from '@podcast/contracts';
import { readTopicClusters, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getTopicClusters = defineRoute({
  method: 'get',
  path: '/api/corpus/topic-clusters',
  summary: 'The semantic topic-cluster artifact',
  description:
    'search/topic_clusters.json as stored (spec 04 §6), plus last_rebuild: how the last ' +
    'POST /api/corpus/topic-clusters/rebuild ended (written, or the old file kept and why, or ' +
    'failed), absent when none has run. 404 with available: false when the corpus has none yet; ' +
    '422 with available: false when the file is not a JSON object with a clusters list (both ' +
    'carry last_rebuild when there is one).',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: {
    200: TopicClustersArtifact,
    403: Problem.describe('path lies outside CORPUS_ROOTS'),
    404: Problem.describe('No topic-cluster file (available: false), or path does not exist'),
    422: Problem.describe('The topic-cluster file is unusable (available: false)'),
  },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const [file, lastRebuild] = await Promise.all([
      readTopicClusters(ctx.corpus.at(root)),
      ctx.search.lastTopicClusterRebuild(root),
    ]);
    const rebuilt = lastRebuild === undefined ? {} : { last_rebuild: lastRebuild };
    if (file.state === 'missing') {
      throw new NotFound('no topic clusters in this corpus (search/topic_clusters.json)', {
        available: false,
        ...rebuilt,
      });
    }
    if (file.state === 'corrupt') {
      throw new DomainError(
        'unprocessable',
        `search/topic_clusters.json is unusable (${file.reason}); rebuild the topic clusters`,
        { available: false, ...rebuilt },
      );
    }
    // A key of that name inside the file is not ours to serve: the record's answer replaces it.
    const { last_rebuild: _inFile, ...artifact } = file.artifact;
    return { ...artifact, ...rebuilt };
  },
});
