import { CorpusPath, CorpusRootPath, Count } from './wire-formats.js';
import { z } from './zod.js';

/**
 * GET /api/ops/summary (spec 01): what the corpus and its run
 * records say about cost and spend. Every block names its source file; a
 * null figure is never left unexplained: whenever a block holds one (its
 * source absent or unreadable, or the source records no such number), the
 * block's `reason` says why, never an invented number.
 */

const Money = z.number().nullable();
const Reason = z.string().optional().openapi({
  description:
    'Present whenever a figure of the block is null: why, for each such figure (joined by "; ")',
});

/** Refuses a block with a null figure and no reason: the rule of this response, checked on output. */
function explainsNulls<T extends { reason?: string }>(nullFigures: (block: T) => boolean) {
  return (block: T, ctx: z.RefinementCtx) => {
    if (block.reason === undefined && nullFigures(block)) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a null figure needs a reason' });
    }
  };
}

export const OpsSummaryQuery = z.object({ path: CorpusPath.optional() });

export const OpsSummaryResponse = z
  .object({
    path: CorpusRootPath,
    costs: z
      .object({
        source: z.string().nullable().openapi({ example: 'corpus_manifest.json' }),
        currency: z.string().nullable(),
        total_cost_usd: Money,
        by_stage: z.record(z.string(), z.number()).nullable(),
        by_feed: z
          .array(
            z.object({
              feed_id: z.string().nullable(),
              feed_url: z.string().nullable(),
              cost_usd: Money,
            }),
          )
          .nullable(),
        reason: Reason,
      })
      .superRefine(
        explainsNulls(
          (b) =>
            b.total_cost_usd === null ||
            b.by_stage === null ||
            b.by_feed === null ||
            b.by_feed.some((feed) => feed.cost_usd === null),
        ),
      ),
    runs: z
      .object({
        source: z.literal('run.json'),
        run_files: Count.openapi({ description: 'run.json files found' }),
        read: Count.openapi({ description: 'The newest ones read (at most 150)' }),
        with_cost: Count,
        cost_usd: Money.openapi({ description: 'Sum over the runs read that record a cost' }),
        newest_created_at: z.string().nullable(),
        reason: Reason,
      })
      .superRefine(explainsNulls((b) => b.cost_usd === null || b.newest_created_at === null)),
    model_spend: z
      .object({
        source: z.string().nullable().openapi({ example: 'enrichments/run_summary.json' }),
        run_id: z.string().nullable(),
        status: z.string().nullable(),
        finished_at: z.string().nullable(),
        total_cost_usd: Money,
        per_enricher: z.record(z.string(), Money).openapi({
          description: 'Cost per enricher of the run; a null one is named in reason',
        }),
        reason: Reason,
      })
      .superRefine(
        explainsNulls(
          (b) => b.total_cost_usd === null || Object.values(b.per_enricher).some((c) => c === null),
        ),
      ),
    provider_health: z.object({
      available: z.boolean(),
      providers: z.array(z.record(z.string(), z.unknown())),
      reason: Reason,
    }),
  })
  .openapi('OpsSummaryResponse');
export type OpsSummaryResponse = z.infer<typeof OpsSummaryResponse>;

const ResilienceScope = z
  .string()
  .regex(
    /^(enricher|provider):[A-Za-z0-9_]{1,100}$/,
    'expected enricher:<enricher_id> or provider:<provider_type>',
  )
  .openapi({ example: 'enricher:topic_similarity' });

export const ResilienceQuery = z.object({ path: CorpusPath.optional() });
export const ResilienceResetQuery = z.object({
  path: CorpusPath.optional(),
  scope: ResilienceScope,
});

const EnricherResilience = z.object({
  enricher_id: z.string(),
  tier: z.string().nullable(),
  provider_type: z
    .string()
    .openapi({ description: '`none` for enrichers that use no model provider' }),
  circuit_state: z.enum(['closed', 'open', 'half_open']),
  circuit_opened_at: z.string().nullable(),
  cooldown_until: z.string().nullable(),
  auto_disabled: z
    .boolean()
    .openapi({ description: 'A blown fuse: out of every run until re-enabled' }),
  auto_disabled_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
});

const ProviderResilience = z.object({
  provider_type: z.string(),
  enrichers: z.array(z.string()),
  circuit_state: z.enum(['closed', 'open']),
  open_breakers: z.number().int(),
  blown_fuses: z.number().int(),
  cooldown_until: z.string().nullable(),
});

export const ResilienceResponse = z
  .object({
    path: z.string(),
    source: z.string(),
    available: z.boolean(),
    reason: z.string().nullable(),
    open_breakers: z.array(z.string()),
    blown_fuses: z.array(z.string()),
    providers: z.array(ProviderResilience),
    enrichers: z.array(EnricherResilience),
  })
  .openapi('ResilienceResponse');

export const UsageQuery = z.object({
  path: CorpusPath.optional(),
  window: z.enum(['1h', '24h', '7d', '30d']).default('24h'),
  provider: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,100}$/, 'a provider type, e.g. sentence_transformer_local or none')
    .optional(),
});

export const UsageResponse = z
  .object({
    path: z.string(),
    window: z.string(),
    source: z.string(),
    providers: z.array(
      z.object({
        provider_type: z.string(),
        enrichers: z.array(z.string()),
        runs: z.number().int(),
        spend_usd: z.number(),
        tokens: z.number().int().nullable(),
        tokens_reason: z.string().nullable(),
      }),
    ),
  })
  .openapi('UsageResponse');
