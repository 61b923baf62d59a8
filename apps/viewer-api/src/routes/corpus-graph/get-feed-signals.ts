import {
  CorpusFeedSignalsQuery,
  CorpusFeedSignalsResponse,
  NotFound,
  Problem,
} from '@podcast/contracts';
import { feedSignals } from '@podcast/corpus';
import { feedSignalsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { corpusIndexFor, corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';

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
  cache: indexedSnapshotCache,
  handler: async ({ query, ctx }) => {
    const options = { topK: query.top_k, maxEpisodes: query.max_episodes };
    // Topics and persons come from the first build's layers pass.
    const index = await corpusIndexFor(ctx, query.path, 'layers');
    const signals =
      index === undefined
        ? feedSignals(await corpusSnapshotFor(ctx, query.path), query.feed_id, options)
        : await feedSignalsFromIndex(index.view.db, query.feed_id, options);
    if (signals === undefined) {
      throw new NotFound(`feed_id: no feed ${query.feed_id} in this corpus`);
    }
    return signals;
  },
});
