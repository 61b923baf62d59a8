import { AskAnswer } from '@podcast/contracts';
import { libraryEpisodeIds } from '@podcast/user-state';
import { z } from 'zod';
import { defineTool, ToolError } from './define-tool.js';
import { getEpisodeOf } from './episode-reads.js';
import { READS, type UserToolsCtx } from './user-tools-ctx.js';

const tool = defineTool<UserToolsCtx>();

const ask = tool({
  name: 'ask',
  title: 'Answer a question with quotes',
  description:
    'Answers with evidence only: verbatim quotes from the transcripts, each with the insight it ' +
    'supports, its speaker, episode, start and end in seconds and a link that plays from there. ' +
    '`abstained` (with a reason) when the corpus holds no good evidence. scope: corpus (every ' +
    'episode), episode (with episode_slug; find slugs with search_corpus) or library (the ' +
    "shows in the user's library and the episodes they have played). Quote the evidence; do " +
    'not add to it.',
  requires: 'corpus:read',
  annotations: READS,
  input: z.object({
    question: z.string().trim().min(1).max(500),
    scope: z.enum(['corpus', 'episode', 'library']).default('corpus'),
    episode_slug: z.string().min(1).max(300).optional(),
    top_k: z.number().int().min(1).max(20).default(5),
  }),
  output: AskAnswer,
  handler: async ({ question, scope, episode_slug, top_k }, ctx) => {
    const request = { question, topK: top_k, scope };
    let episodeIds: string[] | undefined;
    if (scope === 'episode') {
      if (episode_slug === undefined) {
        throw new ToolError('no episode with slug (none given)');
      }
      episodeIds = [(await getEpisodeOf(ctx, episode_slug)).episode_id ?? ''];
    } else if (scope === 'library') {
      episodeIds = await libraryEpisodeIds(ctx.userState, ctx.userId);
    }
    const corpus = await ctx.askCorpus();
    const answer = await ctx.ask.ask(corpus, episodeIds ? { ...request, episodeIds } : request);
    // Links answer absolute under the server's origin, as every tool's do.
    return {
      ...answer,
      evidence: answer.evidence.map((e) => ({ ...e, play_url: `${ctx.origin}${e.play_url}` })),
    };
  },
});

/** Answering a question from the corpus with evidence. */
export const ASK_TOOLS = [ask];
