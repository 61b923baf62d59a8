import { CorpusDocument, CorpusPathQuery, Problem } from '@podcast/contracts';
import { readCorpusDocument, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getCorpusManifest = defineRoute({
  method: 'get',
  path: '/api/corpus/documents/manifest',
  summary: 'The corpus manifest (corpus_manifest.json)',
  description: 'The file as stored. 404 when it is missing; 422 when it is not a JSON object.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: CorpusDocument, 404: Problem, 422: Problem },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return readCorpusDocument(ctx.corpus.at(root), 'corpus_manifest.json');
  },
});
