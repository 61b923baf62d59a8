import { ResolveEpisodeArtifactsBody, ResolveEpisodeArtifactsResponse } from '@podcast/contracts';
import { resolveEpisodeArtifacts } from '@podcast/corpus';
import { findEpisodesByIds } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { answerForIndexedCorpus } from './corpus-snapshot-for.js';

export const resolveEpisodeArtifactsRoute = defineRoute({
  method: 'post',
  path: '/api/corpus/resolve-episode-artifacts',
  summary: 'Map episode ids to their GI, KG and bridge paths',
  description:
    'Ids are metadata episode ids (an episode: prefix is ignored), answered once each in ' +
    'request order. Ids without a GI file (unknown episodes included) go to missing_episode_ids.',
  tags: ['corpus'],
  auth: 'open',
  body: ResolveEpisodeArtifactsBody,
  responses: { 200: ResolveEpisodeArtifactsResponse },
  handler: ({ body, ctx }) =>
    answerForIndexedCorpus(ctx, body.path, {
      needs: 'catalog',
      index: async (db) => {
        const found = await findEpisodesByIds(db, body.episode_ids);
        return resolveEpisodeArtifacts(body.episode_ids, (id) => found.get(id));
      },
      snapshot: (snapshot) =>
        resolveEpisodeArtifacts(body.episode_ids, (id) => snapshot.findEpisodeById(id)),
    }),
});
