import { SearchCompareRequest, SearchCompareResponse } from '@podcast/contracts';
import { compareSubjects, type SearchOutcome } from '@podcast/search';
import { defineRoute } from '../../context.js';
import { searchCorpusFor } from './search-corpus-for.js';
import { searchRequestOf, searchResponseOf } from './search-response.js';

const hitsOf = (outcome: SearchOutcome) => (outcome.status === 'ok' ? outcome.hits : []);

export const compareSearchSubjects = defineRoute({
  method: 'post',
  path: '/api/search/compare',
  summary: 'Two-subject briefing pack: both searches and what they share',
  description:
    'Searches `a` and `b` with the same filters (as GET /api/search) and answers both result ' +
    'lists, the episodes both reach (best combined rank first, with the best hit of each) and ' +
    'the speakers quoted in hits of both. Without a usable index: 200 with `no_index` in both ' +
    'answers and empty shared lists. Each subject appends its query type to the query log.',
  tags: ['search'],
  auth: 'open',
  body: SearchCompareRequest,
  responses: { 200: SearchCompareResponse },
  handler: async ({ body, ctx }) => {
    const corpus = await searchCorpusFor(ctx, body.path);
    const searchOf = (q: string) => ctx.search.search(corpus, searchRequestOf(q, body));
    const [a, b] = await Promise.all([searchOf(body.a), searchOf(body.b)]);
    return {
      path: corpus.root,
      a: searchResponseOf(body.a, corpus.root, a),
      b: searchResponseOf(body.b, corpus.root, b),
      ...compareSubjects(hitsOf(a), hitsOf(b)),
    };
  },
});
