import { CorpusDigestQuery, CorpusDigestResponse, Problem } from '@podcast/contracts';
import {
  buildCorpusDigest,
  type CorpusPlace,
  EMPTY_TOPIC_CLUSTER_INDEX,
  readTopicClusters,
  resolveCorpusRoot,
  topicClusterIndexOf,
} from '@podcast/corpus';
import { corpusDigestFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { corpusIndexFor } from '../corpus-browse/corpus-snapshot-for.js';
import { dailyIndexedSnapshotAndClustersCache } from '../snapshot-cache.js';
import { DIGEST_TOPIC_BANDS } from './digest-topic-bands.js';

/** Cluster membership for the topic pills; a missing or corrupt file only loses the marks. */
async function clusterIndexFor(place: CorpusPlace) {
  const file = await readTopicClusters(place);
  return file.state === 'ok' ? topicClusterIndexOf(file) : EMPTY_TOPIC_CLUSTER_INDEX;
}

export const getCorpusDigest = defineRoute({
  method: 'get',
  path: '/api/corpus/digest',
  summary: 'Feed-diverse recent episodes with topic pills and topic bands',
  description:
    'Episodes published in the window, picked round-robin across feeds (newest first within ' +
    'each feed) so one prolific show cannot fill the digest. Windows are in UTC: 24h and 7d ' +
    'roll back from now and keep every publish day they overlap; 1mo is the previous calendar ' +
    'month; since runs from the given day through today. compact=true forces 24h, at most 8 ' +
    'rows, no bullet pills and no topic bands. Undated episodes never appear.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusDigestQuery,
  responses: {
    200: CorpusDigestResponse,
    403: Problem.describe('path lies outside CORPUS_ROOTS'),
    404: Problem.describe('path does not exist'),
  },
  cache: dailyIndexedSnapshotAndClustersCache,
  handler: async ({ query, ctx }) => {
    const request = {
      window: query.window,
      since: query.since,
      compact: query.compact,
      includeTopics: query.include_topics,
      maxRows: query.max_rows,
      now: ctx.now(),
      bands: DIGEST_TOPIC_BANDS,
    };
    // Topics and persons come from the first build's layers pass.
    const index = await corpusIndexFor(ctx, query.path, 'layers');
    if (index !== undefined) {
      const clusters = await clusterIndexFor(ctx.corpus.at(index.root));
      const digest = await corpusDigestFromIndex(index.view.db, { ...request, clusters });
      return { path: index.root, ...digest };
    }
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    // Read even when the pills are off: one stat, and the digest memo keys on the index.
    const [snapshot, clusters] = await Promise.all([
      ctx.corpus.get(root),
      clusterIndexFor(ctx.corpus.at(root)),
    ]);
    const digest = await buildCorpusDigest(snapshot, { ...request, clusters });
    return { path: snapshot.root, ...digest };
  },
});
