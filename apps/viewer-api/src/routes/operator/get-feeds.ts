import { CorpusPathQuery, FeedsSpecResponse, Problem } from '@podcast/contracts';
import { readFeedsSpec, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getFeeds = defineRoute({
  method: 'get',
  path: '/api/feeds',
  summary: 'Read the structured feeds spec of a corpus',
  description:
    'Reads feeds.spec.yaml (or .yml/.json) under the corpus root. Entries come back normalised: ' +
    'a bare URL, or {url, …options}, duplicate URLs removed. A missing file is an empty list ' +
    '(exists false); a file that breaks the feeds-spec rules is a 422 naming the problem.',
  tags: ['operator'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: {
    200: FeedsSpecResponse,
    422: Problem.describe(
      'The stored file breaks the feeds-spec rules; `errors` names each problem',
    ),
  },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return { path: root, ...(await readFeedsSpec(root)) };
  },
});
