import { CorpusEnrichmentList, CorpusPathQuery } from '@podcast/contracts';
import { listCorpusEnrichments as listEnvelopes, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const listCorpusEnrichments = defineRoute({
  method: 'get',
  path: '/api/corpus/enrichments',
  summary: 'Corpus-scope enricher envelopes',
  description:
    'One row per envelope in enrichments/*.json (run_summary.json, unreadable files and ' +
    'non-envelopes are skipped), by enricher_id. produced_by_latest_run is true when ' +
    'enrichments/run_summary.json names the enricher. Empty when there is no enrichments folder.',
  tags: ['corpus', 'enrichment'],
  auth: 'open',
  query: CorpusPathQuery,
  responses: { 200: CorpusEnrichmentList },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    return { path: root, enrichments: await listEnvelopes(ctx.corpus.at(root)) };
  },
});
