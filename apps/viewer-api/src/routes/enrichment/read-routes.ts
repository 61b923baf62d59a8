import {
  EnrichmentEvents,
  EnrichmentHealthMap,
  EnrichmentMetrics,
  EnrichmentPathQuery,
  EnrichmentStatus,
  EventsQuery,
  HealthQuery,
  MetricsQuery,
  NotFound,
  Problem,
  RunSummaryResponse,
} from '@podcast/contracts';
import {
  enrichmentStatusOf,
  healthView,
  metricsOf,
  readEvents,
  runSummaryOf,
} from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

export const getEnrichmentStatus = defineRoute({
  method: 'get',
  path: '/api/enrichment/status',
  summary: 'The current or last enrichment run, as it progresses',
  description:
    'The status file a run keeps (.viewer/enrichment_status.json): run_id, profile, the enricher ' +
    'running now, the queue and the finished ones. {available: false, reason} on a corpus no run ' +
    'has touched.',
  tags: ['enrichment'],
  auth: 'open',
  query: EnrichmentPathQuery,
  responses: { 200: EnrichmentStatus },
  handler: async ({ ctx, query }) => enrichmentStatusOf(await enrichmentRoot(ctx, query.path)),
});

export const getEnrichmentHealth = defineRoute({
  method: 'get',
  path: '/api/enrichment/health',
  summary: 'Cross-run health of every enricher, or of one',
  description:
    'consecutive_failures, auto_disabled and why, the last error, the circuit state and the ' +
    're-enable audit trail, per enricher (every registered one, never-run ones fresh). With ' +
    'enricher_id, that record alone; 404 for an id neither registered nor on record.',
  tags: ['enrichment'],
  auth: 'open',
  query: HealthQuery,
  responses: {
    200: EnrichmentHealthMap,
    404: Problem.describe('Unknown enricher'),
  },
  handler: async ({ ctx, query }) => {
    const root = await enrichmentRoot(ctx, query.path);
    const view = await healthView(root, ctx.enrichment.registry.ids(), query.enricher_id);
    if (view === null) {
      throw new NotFound(
        `query.enricher_id: no enricher ${query.enricher_id} is registered or on record`,
      );
    }
    return view;
  },
});

export const getEnrichmentMetrics = defineRoute({
  method: 'get',
  path: '/api/enrichment/metrics',
  summary: 'Per-enricher run counts, retries, durations and cost over a window',
  description:
    'Rolled up from the enrichment.enricher.completed events of run.jsonl in the last 1h, 24h ' +
    '(default) or 7d; skipped outcomes are not runs.',
  tags: ['enrichment'],
  auth: 'open',
  query: MetricsQuery,
  responses: { 200: EnrichmentMetrics },
  handler: async ({ ctx, query }) =>
    metricsOf(await enrichmentRoot(ctx, query.path), query.window, ctx.now()),
});

export const getEnrichmentRunSummary = defineRoute({
  method: 'get',
  path: '/api/enrichment/run-summary',
  summary: 'The last completed enrichment run',
  description:
    'enrichments/run_summary.json; {available: false, reason} before the first run ends.',
  tags: ['enrichment'],
  auth: 'open',
  query: EnrichmentPathQuery,
  responses: { 200: RunSummaryResponse },
  handler: async ({ ctx, query }) => runSummaryOf(await enrichmentRoot(ctx, query.path)),
});

export const getEnrichmentEvents = defineRoute({
  method: 'get',
  path: '/api/enrichment/events',
  summary: 'The tail of the enrichment event log',
  description:
    'The newest `limit` (default 50, at most 1000) events of enrichments/run.jsonl, oldest ' +
    'first, filtered by enricher_id, event_type and run_id.',
  tags: ['enrichment'],
  auth: 'open',
  query: EventsQuery,
  responses: { 200: EnrichmentEvents },
  handler: async ({ ctx, query }) => {
    const root = await enrichmentRoot(ctx, query.path);
    const events = await readEvents(root, {
      limit: query.limit,
      ...(query.enricher_id === undefined ? {} : { enricher_id: query.enricher_id }),
      ...(query.event_type === undefined ? {} : { event_type: query.event_type }),
      ...(query.run_id === undefined ? {} : { run_id: query.run_id }),
    });
    return { events, count: events.length };
  },
});
