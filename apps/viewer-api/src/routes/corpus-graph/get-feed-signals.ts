import {
  CorpusFeedSignalsQuery,
  CorpusFeedSignalsResponse,
  NotFound,
  Problem,
} from '@podcast/contracts';
import { feedSignals } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';
import { snapshotCache } from '../snapshot-cache.js';

export const getFeedSignals = defineRoute({
  method: 'get',
  path: '/api/corpus/feed-signals',
  summary: 'Topic distribution and cadence of one show',
  description:
    "Over the show's newest max_episodes episodes: the top_k topics by the episodes carrying " +
    'them (share = count over the episodes that have any topic) and the publishing cadence ' +
    '(median days between publish days, episodes per calendar month from the first to the ' +
    'last publish month, last publish day). 404 for a feed_id the corpus does not have.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusFeedSignalsQuery,
  responses: {
    200: CorpusFeedSignalsResponse,
    403: Problem.describe('path lies outside CORPUS_ROOTS'),
    404: Problem.describe('No such feed_id in the corpus, or path does not exist'),
  },
  cache: snapshotCache,
  handler: async ({ query, ctx }) => {
    const snapshot = await corpusSnapshotFor(ctx, query.path);
    const signals = feedSignals(snapshot, query.feed_id, {
      topK: query.top_k,
      maxEpisodes: query.max_episodes,
    });
    if (signals === undefined) {
      throw new NotFound(`feed_id: no feed ${query.feed_id} in this corpus`);
    }
    return signals;
  },
});
