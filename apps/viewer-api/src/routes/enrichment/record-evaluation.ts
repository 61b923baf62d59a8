import {
  EnrichmentPathQuery,
  EvaluationRecorded,
  EvaluationRecordRequest,
  Problem,
} from '@podcast/contracts';
import { evaluationsDir, recordEvaluation } from '@podcast/enrichment';
import { reply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

export const recordEvaluationRoute = defineRoute({
  method: 'post',
  path: '/api/enrichment/evaluations',
  summary: 'Record an accuracy evaluation of a gated enricher',
  description:
    'Writes one evaluation file (enrichments/evaluations/<enricher_id>/, atomically) where the ' +
    'accuracy gate reads it: an enricher that declares a gate (topic_consensus) runs once the ' +
    'newest evaluation has precision of at least its threshold (spec 03). 400 for an enricher ' +
    'without a gate, a precision outside 0..1 or a date in the future. Needs the operator token.',
  tags: ['enrichment'],
  auth: 'operator',
  query: EnrichmentPathQuery,
  body: EvaluationRecordRequest,
  responses: { 201: EvaluationRecorded, 400: Problem.describe('Invalid evaluation') },
  handler: async ({ ctx, query, body }) => {
    const root = await enrichmentRoot(ctx, query.path);
    const recorded = await recordEvaluation({
      evalRoot: evaluationsDir(root),
      registry: ctx.enrichment.registry,
      evaluation: body,
      recordedBy: 'operator-token',
      now: ctx.now(),
    });
    return reply(201, recorded);
  },
});
