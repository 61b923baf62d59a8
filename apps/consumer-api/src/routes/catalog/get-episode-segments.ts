import { EpisodeSlugParams, NotFound, Problem, SegmentsContract } from '@podcast/contracts';
import { readSegments, segmentsContractOf } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { slugEpisode } from './episode-by-slug.js';

export const getEpisodeSegments = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/segments',
  summary: "An episode's timed transcript segments",
  description:
    'From the ad-free segments file when there is one (spec 01), else the raw one. 404 for an ' +
    'unknown slug, an episode without a transcript, or a transcript without a segments file.',
  tags: ['catalog'],
  auth: 'session',
  params: EpisodeSlugParams,
  responses: {
    200: SegmentsContract,
    404: Problem.describe('Unknown slug, no transcript, or no segments file'),
  },
  handler: async ({ ctx, params }) => {
    const { episode, place } = await slugEpisode(ctx, params.slug);
    if (!episode.has_transcript) {
      throw new NotFound(`episode ${episode.slug} has no transcript yet`);
    }
    const read = await readSegments(place, episode, ctx.logger);
    if (read === undefined) {
      throw new NotFound(`the transcript of episode ${episode.slug} has no segments file`);
    }
    return segmentsContractOf(episode.slug, read.segments);
  },
});
