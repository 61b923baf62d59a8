import { CorpusDocument, CorpusPathQuery, Problem } from '@podcast/contracts';
import { type CorpusDocumentName, readCorpusDocument, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

/** GET of one JSON document at the top of a corpus root, served as stored. */
export function rootDocumentRoute({
  method,
  path,
  file,
  title,
}: {
  method: 'get';
  path: string;
  file: CorpusDocumentName;
  title: string;
}) {
  return defineRoute({
    method,
    path,
    summary: `${title} (${file})`,
    description: 'The file as stored. 404 when it is missing; 422 when it is not a JSON object.',
    tags: ['corpus'],
    auth: 'open',
    query: CorpusPathQuery,
    responses: { 200: CorpusDocument, 404: Problem, 422: Problem },
    handler: async ({ query, ctx }) => {
      const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
      return readCorpusDocument(ctx.corpus.at(root), file);
    },
  });
}
