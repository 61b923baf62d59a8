import { IsoDateTime } from './wire-formats.js';
import { z } from './zod.js';

/**
 * The enrichment block of the operator file (spec 03 "Configuration") and the
 * envelope every enricher writes (spec 04 §7). The block's top level is closed
 * so a misspelt key is a 400; each enricher's block stays open because its
 * knobs come from that enricher's own config_schema.
 */

export const EnricherId = z
  .string()
  .regex(/^[A-Za-z0-9_]+$/, 'letters, digits and _ only')
  .openapi({ example: 'topic_similarity' });

export const EnrichmentTier = z
  .enum(['deterministic', 'embedding', 'ml', 'llm'])
  .openapi('EnrichmentTier');
export type EnrichmentTier = z.infer<typeof EnrichmentTier>;

export const EnricherResultStatus = z
  .enum(['ok', 'failed', 'timeout', 'quarantined', 'cancelled', 'skipped'])
  .openapi('EnricherResultStatus');
export type EnricherResultStatus = z.infer<typeof EnricherResultStatus>;

export const CircuitState = z.enum(['closed', 'open', 'half_open']).openapi('CircuitState');
export type CircuitState = z.infer<typeof CircuitState>;

export const EnricherProvider = z
  .looseObject({
    type: z.string().min(1).openapi({ example: 'sentence_transformer_local' }),
  })
  .openapi('EnricherProvider')
  .describe("Provider type plus that type's own parameters");
export type EnricherProvider = z.infer<typeof EnricherProvider>;

export const EnricherConfig = z
  .looseObject({
    enabled: z.boolean().optional().describe('false opts out while keeping the block'),
    max_cost_usd_per_run: z.number().min(0).optional().describe('Cost cap of this enricher in USD'),
    expected_duration_s: z
      .number()
      .positive()
      .optional()
      .describe('Expected wall-clock seconds; longer runs log a stall warning'),
    timeout_s: z
      .number()
      .positive()
      .max(86_400)
      .optional()
      .describe("Per-invocation timeout in seconds; the tier's default otherwise"),
    provider: EnricherProvider.optional(),
  })
  .openapi('EnricherConfig')
  .meta({
    description:
      "One enricher's block; its presence enables it. Other keys are the enricher's knobs.",
    examples: [{ top_k: 5, provider: { type: 'sentence_transformer_local' } }],
  });
export type EnricherConfig = z.infer<typeof EnricherConfig>;

export const EnrichmentBlock = z
  .strictObject({
    enabled: z.boolean().optional().describe('Master switch of the enrichment layer'),
    max_total_cost_usd_per_run: z.number().min(0).optional().describe('Run-wide cost cap in USD'),
    fail_on_run_cost_cap: z.boolean().optional().describe('Cancel the run when the cap fires'),
    enrichers: z
      .record(EnricherId, EnricherConfig)
      .optional()
      .describe('Per-enricher blocks keyed by enricher id'),
  })
  .openapi('EnrichmentBlock')
  .meta({
    title: 'Enrichment block',
    description: 'The enrichment: block of the operator file',
    examples: [
      {
        enabled: true,
        max_total_cost_usd_per_run: 2,
        enrichers: { temporal_velocity: { window_months: 6 } },
      },
    ],
  });
export type EnrichmentBlock = z.infer<typeof EnrichmentBlock>;

/** JSON Schema (draft 2020-12) of the base block; manifests add their knobs. */
export function enrichmentBlockJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(EnrichmentBlock, { target: 'draft-2020-12' }) as Record<string, unknown>;
}

export const EnrichmentEnvelope = z
  .looseObject({
    // Written by every current enricher, but absent from older files.
    derived: z.boolean().optional(),
    computed_at: IsoDateTime,
    enricher_id: EnricherId,
    enricher_version: z.string().min(1),
    schema_version: z.string().min(1),
    status: EnricherResultStatus,
    data: z.unknown().openapi({ description: "The enricher's output; null unless status is ok" }),
    error: z.string().nullable(),
    error_class: z.string().nullable(),
    retry_count: z.number().int().min(0),
    circuit_state: CircuitState.nullable(),
    duration_ms: z.number().min(0),
    records_written: z.number().int().min(0),
  })
  .superRefine((envelope, ctx) => {
    if (envelope.status !== 'ok' && envelope.data !== null && envelope.data !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['data'],
        message: 'data must be null unless status is ok',
      });
    }
  })
  .openapi('EnrichmentEnvelope', {
    description: 'What one enricher wrote for a corpus or an episode',
  });
export type EnrichmentEnvelope = z.infer<typeof EnrichmentEnvelope>;
