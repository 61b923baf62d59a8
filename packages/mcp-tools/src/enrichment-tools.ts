import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readEvaluations } from '@podcast/enrichment';
import { z } from 'zod';
import { type ApiTarget, callApi, type TargetResolver } from './api-targets.js';
import { defineTool, ToolError } from './define-tool.js';

/** What the enrichment tools need: the targets and a fetch. */
export interface EnrichmentToolsCtx {
  targets: TargetResolver;
  fetch: typeof fetch;
}

const tool = defineTool<EnrichmentToolsCtx>();
/** The optional `target` every tool takes. */
export const Target = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/)
  .optional()
  .describe('A named target; the default API otherwise');
const EnricherId = z.string().regex(/^[A-Za-z0-9_]{1,100}$/);
const Passthrough = z.looseObject({});

function call(
  ctx: EnrichmentToolsCtx,
  target: string | undefined,
  request: Parameters<typeof callApi>[2],
) {
  return callApi(ctx.fetch, ctx.targets(target), request);
}

const runStatus = tool({
  name: 'enrichment_run_status',
  title: 'Enrichment run status',
  description:
    'The current or last enrichment run of the target corpus (GET /api/enrichment/status).',
  input: z.object({ target: Target }),
  output: Passthrough,
  handler: ({ target }, ctx) => call(ctx, target, { path: '/api/enrichment/status' }),
});

const recentRuns = tool({
  name: 'enrichment_recent_runs',
  title: 'Recent enrichment jobs',
  description:
    'Enrichment jobs of the shared registry, newest first (GET /api/jobs, corpus_enrichment only).',
  input: z.object({ target: Target, limit: z.number().int().min(1).max(100).default(10) }),
  output: z.object({ runs: z.array(z.looseObject({})), count: z.number().int() }),
  handler: async ({ target, limit }, ctx) => {
    const body = await call(ctx, target, {
      path: '/api/jobs',
      query: { command_type: 'corpus_enrichment', limit },
    });
    const runs = (body.jobs as Record<string, unknown>[] | undefined) ?? [];
    return { runs, count: runs.length };
  },
});

const health = tool({
  name: 'enrichment_health',
  title: 'Enricher health',
  description: 'Cross-run health of every enricher, or of one (GET /api/enrichment/health).',
  input: z.object({ target: Target, enricher_id: EnricherId.optional() }),
  output: Passthrough,
  handler: ({ target, enricher_id }, ctx) =>
    call(ctx, target, { path: '/api/enrichment/health', query: { enricher_id } }),
});

const metrics = tool({
  name: 'enrichment_metrics',
  title: 'Enrichment metrics',
  description:
    'Per-enricher run counts, retries, durations and cost over 1h, 24h or 7d (GET /api/enrichment/metrics).',
  input: z.object({ target: Target, window: z.enum(['1h', '24h', '7d']).default('24h') }),
  output: Passthrough,
  handler: ({ target, window }, ctx) =>
    call(ctx, target, { path: '/api/enrichment/metrics', query: { window } }),
});

const recentEvents = tool({
  name: 'enrichment_recent_events',
  title: 'Recent enrichment events',
  description: 'The tail of the event log, filtered (GET /api/enrichment/events).',
  input: z.object({
    target: Target,
    enricher_id: EnricherId.optional(),
    event_type: z
      .string()
      .regex(/^enrichment\.[a-z_.]{1,80}$/)
      .optional(),
    limit: z.number().int().min(1).max(1000).default(50),
  }),
  output: Passthrough,
  handler: ({ target, enricher_id, event_type, limit }, ctx) =>
    call(ctx, target, {
      path: '/api/enrichment/events',
      query: { enricher_id, event_type, limit },
    }),
});

function evalRootOf(target: ApiTarget, evalRoot: string | undefined): string {
  if (evalRoot !== undefined) {
    return evalRoot;
  }
  if (target.path === undefined) {
    throw new ToolError('eval_root is needed: this target names no local corpus path');
  }
  return join(target.path, 'enrichments', 'evaluations');
}

const evalHistory = tool({
  name: 'enrichment_eval_history',
  title: 'Evaluation history',
  description:
    'Recorded accuracy evaluations, newest first, from a local folder (eval_root, else the ' +
    "target corpus's enrichments/evaluations); no remote endpoint.",
  input: z.object({
    target: Target,
    eval_root: z.string().min(1).max(4096).optional(),
    limit: z.number().int().min(1).max(100).default(10),
  }),
  output: z.object({
    eval_root: z.string(),
    evaluations: z.array(z.looseObject({})),
    count: z.number().int(),
  }),
  handler: async ({ target, eval_root, limit }, ctx) => {
    const root = evalRootOf(ctx.targets(target), eval_root);
    const ids = (await readdir(root, { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
    const all = (await Promise.all(ids.map((id) => readEvaluations(root, id)))).flat();
    const evaluations = all
      .sort((a, b) => Date.parse(b.evaluated_at) - Date.parse(a.evaluated_at))
      .slice(0, limit)
      .map((evaluation) => ({ ...evaluation }));
    return { eval_root: root, evaluations, count: evaluations.length };
  },
});

const reEnable = tool({
  name: 'enrichment_re_enable',
  title: 'Re-enable an enricher',
  description:
    'Clears auto_disabled and zeroes the failure count, with an audited reason (POST re-enable; operator token).',
  input: z.object({
    enricher_id: EnricherId,
    target: Target,
    reason: z.string().min(1).max(1000).optional(),
  }),
  output: Passthrough,
  handler: ({ enricher_id, target, reason }, ctx) =>
    call(ctx, target, {
      method: 'POST',
      path: `/api/enrichment/health/${enricher_id}/re-enable`,
      body: reason === undefined ? {} : { reason },
      operator: true,
    }),
});

const cancel = tool({
  name: 'enrichment_cancel',
  title: 'Cancel a job',
  description:
    'Cancels a queued or running job of any type (POST /api/jobs/{job_id}/cancel; operator token).',
  input: z.object({ job_id: z.string().regex(/^job_[0-9a-z]{8,40}$/), target: Target }),
  output: Passthrough,
  handler: ({ job_id, target }, ctx) =>
    call(ctx, target, { method: 'POST', path: `/api/jobs/${job_id}/cancel`, operator: true }),
});

/** Spec 03 "Observability tools", in its order. */
export const ENRICHMENT_TOOLS = [
  runStatus,
  recentRuns,
  health,
  metrics,
  recentEvents,
  evalHistory,
  reEnable,
  cancel,
];
