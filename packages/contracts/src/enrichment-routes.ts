import { CircuitState, EnricherId, EnrichmentBlock } from './enrichment-config.js';
import { queryInt } from './query.js';
import { CorpusPath, IsoDateTime } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Request and response shapes of the /api/enrichment routes (spec 03
 * "Resources" and "Endpoints"). Where the spec leaves a shape open it is
 * written down in docs/decisions/jobs.md.
 */

export const EnrichmentPathQuery = z.object({ path: CorpusPath.optional() });

export const Unavailable = z
  .object({ available: z.literal(false), reason: z.string() })
  .openapi('EnrichmentUnavailable');

export const EnrichmentStatus = z
  .union([
    z.looseObject({
      available: z.literal(true),
      run_id: z.string(),
      started_at: z.string(),
      profile: z.string().nullable(),
      current_enricher: z.string().nullable(),
      queue: z.array(z.string()),
      completed: z.array(
        z.object({ enricher_id: z.string(), status: z.string(), duration_ms: z.number() }),
      ),
    }),
    Unavailable,
  ])
  .openapi('EnrichmentStatus');

export const EnricherHealthRecord = z
  .object({
    consecutive_failures: z.number().int(),
    auto_disabled: z.boolean(),
    auto_disabled_reason: z.string().nullable(),
    last_error: z.string().nullable(),
    circuit_state: CircuitState,
    circuit_opened_at: z.string().nullable(),
    last_run_at: z.string().nullable(),
    last_run_id: z.string().nullable(),
    last_status: z.string().nullable(),
    cooldown_until: z.string().nullable(),
    audit: z.array(
      z.object({
        at: z.string(),
        action: z.enum(['re_enabled', 'breaker_reset']),
        operator_id: z.string(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .openapi('EnricherHealthRecord');

export const HealthQuery = z.object({
  path: CorpusPath.optional(),
  enricher_id: EnricherId.max(100).optional(),
});

export const EnrichmentHealthMap = z
  .object({ enrichers: z.record(z.string(), EnricherHealthRecord) })
  .openapi('EnrichmentHealthMap');

export const MetricsWindow = z.enum(['1h', '24h', '7d']);

export const MetricsQuery = z.object({
  path: CorpusPath.optional(),
  window: MetricsWindow.default('24h'),
});

export const EnricherMetrics = z
  .object({
    runs_total: z.number().int(),
    runs_ok: z.number().int(),
    runs_failed: z.number().int(),
    runs_timeout: z.number().int(),
    runs_quarantined: z.number().int(),
    runs_cancelled: z.number().int(),
    retries_total: z.number().int(),
    avg_duration_s: z.number().nullable(),
    total_cost_usd: z.number(),
  })
  .openapi('EnricherMetrics');

export const EnrichmentMetrics = z
  .object({ window: MetricsWindow, per_enricher: z.record(z.string(), EnricherMetrics) })
  .openapi('EnrichmentMetrics');

export const RunSummaryResponse = z
  .union([
    z.looseObject({
      available: z.literal(true),
      status: z.string(),
      run_id: z.string(),
      profile: z.string().nullable(),
      started_at: z.string(),
      finished_at: z.string(),
      duration_ms: z.number(),
      per_enricher: z.record(z.string(), z.unknown()),
    }),
    Unavailable,
  ])
  .openapi('EnrichmentRunSummary');

export const EventsQuery = z.object({
  path: CorpusPath.optional(),
  enricher_id: EnricherId.max(100).optional(),
  event_type: z
    .string()
    .regex(/^enrichment\.[a-z_.]{1,80}$/, 'expected an event type like enrichment.run.completed')
    .optional(),
  run_id: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'letters, digits, ".", "_" or "-"')
    .optional(),
  limit: queryInt(1, 1000).default(50),
});

export const EnrichmentEvents = z
  .object({
    events: z.array(z.looseObject({ event_type: z.string(), ts: z.string() })),
    count: z.number().int(),
  })
  .openapi('EnrichmentEvents');

export const ReEnableParams = z.object({ enricher_id: EnricherId.max(100) });

export const ReEnableBody = z
  .strictObject({ reason: z.string().trim().min(1).max(1000).optional() })
  .openapi('EnricherReEnableBody');

export const EnrichmentConfigView = z
  .object({
    corpus_path: z.string(),
    profile: z.string().nullable(),
    profile_block: EnrichmentBlock.nullable(),
    operator_block: EnrichmentBlock.nullable(),
    resolved_block: EnrichmentBlock,
  })
  .openapi('EnrichmentConfigView');

export const EnrichmentConfigWrite = z
  .strictObject({
    enrichment_block: z.record(z.string(), z.unknown()).openapi({
      description: 'The new enrichment block; validated against GET /api/enrichment/config/schema',
    }),
  })
  .openapi('EnrichmentConfigWrite');

export const ProviderTypeRow = z
  .object({
    name: z.string(),
    protocol: z.string(),
    description: z.string(),
    params_schema: z.record(z.string(), z.unknown()),
  })
  .openapi('ProviderType');

export const ProviderTypes = z
  .object({ by_protocol: z.record(z.string(), z.array(ProviderTypeRow)) })
  .openapi('ProviderTypes');

export const AdmissionDecisionRow = z
  .object({
    enricher_id: z.string(),
    decision: z.enum(['promote', 'gate']),
    reason: z.looseObject({ kind: z.string(), detail: z.string() }).nullable(),
    precision: z.number().nullable(),
    tier: z.string().nullable(),
    scope: z.string().nullable(),
  })
  .openapi('AdmissionDecision');

export const AdmissionReport = z
  .object({
    corpus_path: z.string(),
    profile: z.string().nullable(),
    enrichers: z.array(AdmissionDecisionRow),
    with_ml: z.boolean().describe('On when any enricher block has a provider block'),
  })
  .openapi('EnrichmentAdmission');

/**
 * An accuracy evaluation of a gated enricher (spec 03 "Accuracy gate"), as
 * POST /api/enrichment/evaluations and `enrich --record-eval` take it.
 */
export const EvaluationRecordRequest = z
  .strictObject({
    enricher_id: EnricherId.max(100).describe(
      'An enricher whose manifest declares an accuracy gate',
    ),
    precision: z.number().min(0).max(1).describe('Share of sampled outputs judged right'),
    recall: z.number().min(0).max(1).optional(),
    sample_size: z.number().int().min(1).max(1_000_000).describe('Outputs judged'),
    evaluated_at: IsoDateTime.optional().openapi({
      description: 'When the judging was done; now when absent, never in the future',
    }),
    enricher_version: z.string().trim().min(1).max(64).optional(),
    provider_type: z
      .string()
      .regex(/^[a-z0-9_]{1,64}$/, 'a provider type name')
      .optional()
      .describe('The provider the evaluated outputs came from'),
    notes: z.string().trim().max(2000).optional(),
  })
  .openapi('EvaluationRecordRequest');
export type EvaluationRecordRequest = z.infer<typeof EvaluationRecordRequest>;

export const EvaluationRecorded = z
  .object({
    enricher_id: z.string(),
    precision: z.number(),
    recall: z.number().nullable(),
    sample_size: z.number().int(),
    evaluated_at: z.string(),
    enricher_version: z.string().nullable(),
    provider_type: z.string().nullable(),
    notes: z.string().nullable(),
    recorded_by: z.string(),
    file: z.string().openapi({
      description: 'The file written, under the evaluations folder (enrichments/evaluations)',
    }),
    gate: z
      .object({
        threshold: z.number(),
        newest_precision: z.number().nullable(),
        admits: z.boolean(),
      })
      .openapi({
        description: 'What the accuracy gate decides now (the newest evaluation counts)',
      }),
  })
  .openapi('EvaluationRecorded');
