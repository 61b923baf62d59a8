import { CorpusPathQuery, EnrichmentJobRequest, JobAccepted } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { accept, ENQUEUE_PROBLEMS, IDEMPOTENCY } from './enqueue-shared.js';
import { idempotencyKeyOf } from './jobs-access.js';

export const enqueueEnrichmentJob = defineRoute({
  method: 'post',
  path: '/api/jobs/enrichment',
  summary: 'Enqueue an enrichment run',
  description:
    'Queues a run of the `enrich` command over this corpus (spec 03): `only` and `skip` name ' +
    `enricher ids, corpus_only leaves out the episode-scope enrichers. ${IDEMPOTENCY} ` +
    'Needs the operator token.',
  tags: ['jobs', 'enrichment'],
  auth: 'operator',
  query: CorpusPathQuery,
  // No body at all runs the configured enrichers (spec 03: every field optional).
  body: EnrichmentJobRequest.optional(),
  responses: { 202: JobAccepted, ...ENQUEUE_PROBLEMS },
  handler: async ({ ctx, query, body: given, req }) => {
    const body = given ?? {};
    const idempotencyKey = idempotencyKeyOf(req);
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const params = {
      only: body.only ?? [],
      skip: body.skip ?? [],
      corpus_only: body.corpus_only ?? false,
    };
    return accept(ctx, idempotencyKey, {
      commandType: 'corpus_enrichment',
      corpusPath: root,
      params,
    });
  },
});
