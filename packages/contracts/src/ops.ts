import { CorpusPath, CorpusRootPath, Count } from './wire-formats.js';
import { z } from './zod.js';

/**
 * GET /api/ops/summary (spec 01; issue 14): what the corpus and its run
 * records say about cost and spend. Every block names its source file; a
 * block whose source is absent or unreadable carries nulls and a reason,
 * never an invented number.
 */

const Money = z.number().nullable();
const Reason = z.string().optional().openapi({ description: 'Why the block is empty' });

export const OpsSummaryQuery = z.object({ path: CorpusPath.optional() });

export const OpsSummaryResponse = z
  .object({
    path: CorpusRootPath,
    costs: z.object({
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
    }),
    runs: z.object({
      source: z.literal('run.json'),
      run_files: Count.openapi({ description: 'run.json files found' }),
      read: Count.openapi({ description: 'The newest ones read (at most 150)' }),
      with_cost: Count,
      cost_usd: Money.openapi({ description: 'Sum over the runs read that record a cost' }),
      newest_created_at: z.string().nullable(),
    }),
    model_spend: z.object({
      source: z.string().nullable().openapi({ example: 'enrichments/run_summary.json' }),
      run_id: z.string().nullable(),
      status: z.string().nullable(),
      finished_at: z.string().nullable(),
      total_cost_usd: Money,
      per_enricher: z.record(z.string(), Money),
      reason: Reason,
    }),
    provider_health: z.object({
      available: z.boolean(),
      providers: z.array(z.record(z.string(), z.unknown())),
      reason: Reason,
    }),
  })
  .openapi('OpsSummaryResponse');
export type OpsSummaryResponse = z.infer<typeof OpsSummaryResponse>;
