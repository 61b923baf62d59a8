import { CorpusDocument, CorpusPathQuery, Problem } from '@podcast/contracts';
import { readCorpusDocument, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getCorpusRunSummary = defineRoute({
  method: 'get',
  path: '/api/corpus/documents/run-summary',
  summary: 'The corpus run summary (corpus_run_summary.json)',
  description: 'The file as stored. 404 when it is missing; 422 when it is not a JSON object.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: CorpusDocument, 404: Problem, 422: Problem },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return readCorpusDocument(ctx.corpus.at(root), 'corpus_run_summary.json');
  },
});
