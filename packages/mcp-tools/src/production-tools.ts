import { z } from 'zod';
import { callApi } from './api-targets.js';
import { defineTool, ToolError } from './define-tool.js';
import { type EnrichmentToolsCtx, Target } from './enrichment-tools.js';

const tool = defineTool<EnrichmentToolsCtx>();

const summary = tool({
  name: 'production_summary',
  title: 'Production summary',
  description:
    'One look at production: the ops summary (costs, model spend, provider health) with the ' +
    'enrichment status, the enricher health and the last 5 enrichment events added.',
  input: z.object({ target: Target }),
  output: z.looseObject({
    enrichment_status: z.looseObject({}),
    enrichment_health: z.looseObject({}),
    enrichment_events: z.array(z.looseObject({})),
  }),
  handler: async ({ target }, ctx) => {
    const at = ctx.targets(target);
    const [ops, status, health, events] = await Promise.all([
      callApi(ctx.fetch, at, { path: '/api/ops/summary' }),
      callApi(ctx.fetch, at, { path: '/api/enrichment/status' }),
      callApi(ctx.fetch, at, { path: '/api/enrichment/health' }),
      callApi(ctx.fetch, at, { path: '/api/enrichment/events', query: { limit: 5 } }),
    ]);
    return {
      ...ops,
      enrichment_status: status,
      enrichment_health: health,
      enrichment_events: (events.events as Record<string, unknown>[] | undefined) ?? [],
    };
  },
});

interface EventRow {
  event_type: string;
  ts: string;
  enricher_id: string | null;
  job_id?: string | null;
  parent_run_id?: string | null;
  status?: string;
  attempt?: number | null;
  [key: string]: unknown;
}

/** The events of one run folded into one view: the run, each enricher's path through it, the job. */
function runView(runId: string, events: readonly EventRow[]) {
  const started = events.find((e) => e.event_type === 'enrichment.run.started');
  const completed = events.find((e) => e.event_type === 'enrichment.run.completed');
  const perEnricher: Record<
    string,
    { events: string[]; attempts: number; retries: number; status: string | null }
  > = {};
  for (const event of events.filter((e) => e.enricher_id)) {
    const id = event.enricher_id as string;
    const row = perEnricher[id] ?? { events: [], attempts: 0, retries: 0, status: null };
    perEnricher[id] = row;
    row.events.push(event.event_type.replace('enrichment.', ''));
    if (event.event_type === 'enrichment.enricher.started') {
      row.attempts += 1;
    }
    if (event.event_type === 'enrichment.enricher.retry') {
      row.retries += 1;
    }
    if (event.event_type === 'enrichment.enricher.completed') {
      row.status = String(event.status);
    }
  }
  return {
    run_id: runId,
    job_id: (started?.job_id as string | null | undefined) ?? null,
    parent_run_id: (started?.parent_run_id as string | null | undefined) ?? null,
    started_at: started?.ts ?? null,
    finished_at: completed?.ts ?? null,
    status: (completed?.status as string | undefined) ?? (completed ? null : 'running or lost'),
    event_count: events.length,
    per_enricher: perEnricher,
  };
}

const correlate = tool({
  name: 'production_correlate',
  title: 'Correlate a run',
  description:
    'Every enrichment event of one run_id joined into a run-scoped view (each enricher: its ' +
    'events, attempts, retries and outcome), with the job of the shared registry that ran it.',
  input: z.object({
    run_id: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
    target: Target,
  }),
  output: z.looseObject({ run_id: z.string(), job: z.looseObject({}).nullable() }),
  handler: async ({ run_id, target }, ctx) => {
    const at = ctx.targets(target);
    const body = await callApi(ctx.fetch, at, {
      path: '/api/enrichment/events',
      query: { run_id, limit: 1000 },
    });
    const events = (body.events as EventRow[] | undefined) ?? [];
    if (events.length === 0) {
      throw new ToolError(`no enrichment event of run ${run_id} is in the log`);
    }
    const view = runView(run_id, events);
    const job =
      view.job_id === null
        ? null
        : await callApi(ctx.fetch, at, { path: `/api/jobs/${view.job_id}` }).catch(() => null);
    return { ...view, job };
  },
});

/** The production tools, beside the eight of spec 03. */
export const PRODUCTION_TOOLS = [summary, correlate];
