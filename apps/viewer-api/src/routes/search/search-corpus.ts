import { SearchQuery, SearchResponse } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { searchCorpusFor } from './search-corpus-for.js';
import { searchRequestOf, searchResponseOf } from './search-response.js';

export const searchCorpus = defineRoute({
  method: 'get',
  path: '/api/search',
  summary: 'Hybrid search over the corpus index',
  description:
    'BM25 and nearest-neighbour lists of every tier table fused by reciprocal rank fusion ' +
    '(k = 60). Transcript hits carry `lifted` (the overlapping GI quote, its insight, speaker ' +
    'and topic); insight hits carry `supporting_quotes`. Without a usable index: 200 with ' +
    '`no_index: true`. An `embedding_model` other than the index’s gives ' +
    '`error: embedding_model_mismatch` and no results. Each call appends ' +
    '`{ts, query_type}` (never the text) to search/query_log.jsonl.',
  tags: ['search'],
  auth: 'open',
  query: SearchQuery,
  responses: { 200: SearchResponse },
  handler: async ({ query, ctx }) => {
    const corpus = await searchCorpusFor(ctx, query.path);
    const outcome = await ctx.search.search(corpus, searchRequestOf(query.q, query));
    return searchResponseOf(query.q, corpus.root, outcome);
  },
});
