import { AppAskQuery, AskAnswer, Problem } from '@podcast/contracts';
import { libraryEpisodeIds } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { askLibraryOf } from './search-corpus-of.js';

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
    const library = await askLibraryOf(ctx);
    if (query.scope === 'episode') {
      const episode = await library.getEpisode(query.episode ?? '');
      return ctx.ask.ask(library.corpus, { ...request, episodeIds: [episode.episode_id ?? ''] });
    }
    if (query.scope === 'library') {
      const episodeIds = await libraryEpisodeIds(userStateOf(ctx), principal.user.id);
      return ctx.ask.ask(library.corpus, { ...request, episodeIds });
    }
    return ctx.ask.ask(library.corpus, request);
  },
});
