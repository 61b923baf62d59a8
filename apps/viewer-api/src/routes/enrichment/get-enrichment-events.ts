import { EnrichmentEvents, EventsQuery } from '@podcast/contracts';
import { readEvents } from '@podcast/enrichment';
import { defineRoute } from '../../context.js';
import { enrichmentRoot } from './enrichment-access.js';

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
