import { CorpusPathQuery, FeedsSpecPut, FeedsSpecResponse } from '@podcast/contracts';
import { resolveCorpusRoot, writeFeedsSpec } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const putFeeds = defineRoute({
  method: 'put',
  path: '/api/feeds',
  summary: 'Replace the feed list of a corpus',
  description:
    'Validates every entry (http(s) URL with a host; options only from the allowlist), drops ' +
    'duplicate URLs and atomically rewrites the feeds spec in its existing spelling ' +
    '(feeds.spec.yaml when there is none). Entries with only a URL are stored as bare strings; ' +
    'comments and _-prefixed top-level keys of the file survive. Requires the operator token.',
  tags: ['operator'],
  auth: 'operator',
  query: CorpusPathQuery,
  body: FeedsSpecPut,
  responses: { 200: FeedsSpecResponse },
  handler: async ({ query, body, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return { path: root, ...(await writeFeedsSpec(root, body.feeds)) };
  },
});
