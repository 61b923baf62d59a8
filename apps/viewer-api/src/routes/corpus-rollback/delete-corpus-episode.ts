import { EpisodeIdParams, RollbackQuery } from '@podcast/contracts';
import { planEpisodeRollback } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { rollbackFlow } from './rollback-flow.js';
import { FLOW_NOTE, RESPONSES } from './rollback-shared.js';

export const deleteCorpusEpisode = defineRoute({
  method: 'delete',
  path: '/api/corpus/episodes/{episode_id}',
  summary: "Roll an episode back: move all its files to the corpus's trash",
  description: `Every file of the catalog episode (metadata, GI, KG, bridge, enrichments, transcripts, media), in every run that holds a copy of it, so an older copy cannot take its place. ${FLOW_NOTE}`,
  tags: ['rollback'],
  auth: 'operator',
  params: EpisodeIdParams,
  query: RollbackQuery,
  responses: RESPONSES,
  handler: ({ params, query, ctx }) =>
    rollbackFlow(ctx, {
      scope: 'episode',
      id: params.episode_id,
      query,
      plan: planEpisodeRollback,
    }),
});
