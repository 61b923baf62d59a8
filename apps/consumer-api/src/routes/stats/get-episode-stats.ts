import { EpisodeStats, NotFound, Problem, Slug, z } from '@podcast/contracts';
import { projectInsights } from '@podcast/corpus';
import { episodeStats } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const getEpisodeStats = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/stats',
  summary: "An episode's listening statistics across all users",
  description:
    'Aggregate counts only, never who listened. `insights` is the number of insights the ' +
    'episode shows. 404 for a slug the corpus does not have.',
  tags: ['account'],
  auth: 'session',
  params: z.object({ slug: Slug }),
  responses: { 200: EpisodeStats, 404: Problem.describe('Unknown episode slug') },
  handler: async ({ ctx, params }) => {
    const snapshot = await ctx.corpus.get(ctx.config.corpusDir);
    const episode = snapshot.findEpisodeBySlug(params.slug);
    if (episode === undefined) {
      throw new NotFound(`no episode with slug ${params.slug}`);
    }
    const graph = snapshot.graphOf(episode);
    const listens = await episodeStats(ctx.db, params.slug, ctx.now());
    return { ...listens, insights: graph ? projectInsights(graph).length : 0 };
  },
});
