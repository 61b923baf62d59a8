import {
  CorpusPathQuery,
  EnricherIdParams,
  Problem,
  StoredEnrichmentEnvelope,
} from '@podcast/contracts';
import { readCorpusEnrichment, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getCorpusEnrichment = defineRoute({
  method: 'get',
  path: '/api/corpus/enrichments/{enricher_id}',
  summary: 'The full envelope of one corpus-scope enricher',
  description:
    'enrichments/<enricher_id>.json as stored. enricher_id must match ^[A-Za-z0-9_]+$ (400). ' +
    '404 when the file is missing or is not an envelope; 422 when it is not a JSON object.',
  tags: ['corpus', 'enrichment'],
  auth: 'open',
  params: EnricherIdParams,
  query: CorpusPathQuery,
  responses: { 200: StoredEnrichmentEnvelope, 404: Problem, 422: Problem },
  handler: async ({ params, query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return readCorpusEnrichment(ctx.corpus.at(root), params.enricher_id);
  },
});
