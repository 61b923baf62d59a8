import {
  EnricherIdParams,
  EpisodeEnrichmentQuery,
  Problem,
  StoredEnrichmentEnvelope,
} from '@podcast/contracts';
import { readEpisodeEnrichment } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { catalogEpisodePlaceAt } from './corpus-snapshot-for.js';

export const getEpisodeEnrichment = defineRoute({
  method: 'get',
  path: '/api/corpus/episode/enrichments/{enricher_id}',
  summary: 'One enricher output of one episode',
  description:
    'metadata/enrichments/<stem>.<enricher_id>.json beside the episode named by ' +
    'metadata_relpath, as stored. 404 for an unknown episode or a missing file; 422 when the ' +
    'file is not a JSON object.',
  tags: ['corpus', 'enrichment'],
  auth: 'open',
  params: EnricherIdParams,
  query: EpisodeEnrichmentQuery,
  responses: { 200: StoredEnrichmentEnvelope, 404: Problem, 422: Problem },
  handler: async ({ params, query, ctx }) => {
    const { place, episode } = await catalogEpisodePlaceAt(ctx, query.path, query.metadata_relpath);
    return readEpisodeEnrichment(place, episode, params.enricher_id);
  },
});
