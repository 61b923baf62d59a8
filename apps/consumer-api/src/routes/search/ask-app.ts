import { AppAskQuery, AskAnswer, Problem } from '@podcast/contracts';
import { libraryEpisodeIds } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { episodeBySlug } from '../catalog/episode-by-slug.js';

export const askApp = defineRoute({
  method: 'get',
  path: '/api/app/ask',
  summary: 'Answer a question with verbatim, timed quotes',
  description:
    'The evidence answer of /api/ask over the shared corpus (`scope=corpus`), one episode ' +
    '(`scope=episode&episode={slug}`, which may fill the answer) or the listener’s library ' +
    '(`scope=library`: the shows they subscribe to and the episodes they have played, never ' +
    'another listener’s). 404 for an unknown episode; `abstained` with `reason: no_index` ' +
    'when the corpus has no index. The question is never logged.',
  tags: ['search'],
  auth: 'session',
  query: AppAskQuery,
  responses: { 200: AskAnswer, 404: Problem.describe('Unknown episode slug') },
  handler: async ({ ctx, query, principal }) => {
    const request = { question: query.q, topK: query.top_k, scope: query.scope };
    if (query.scope === 'episode') {
      const { snapshot, episode } = await episodeBySlug(ctx, query.episode ?? '');
      return ctx.ask.ask(snapshot, { ...request, episodeIds: [episode.episode_id ?? ''] });
    }
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    if (query.scope === 'library') {
      const episodeIds = await libraryEpisodeIds(userStateOf(ctx), principal.user.id);
      return ctx.ask.ask(snapshot, { ...request, episodeIds });
    }
    return ctx.ask.ask(snapshot, request);
  },
});
