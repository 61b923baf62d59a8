import {
  EpisodeSlugParams,
  FeedCredentialQuery,
  NotFound,
  PodcastChapters,
  Problem,
} from '@podcast/contracts';
import { CHAPTERS_TYPE, episodeChapters } from '@podcast/podcast-feeds';
import { defineRoute } from '../../context.js';
import { slugEpisode } from '../catalog/episode-by-slug.js';
import { NotModified, namespaceFileReply } from './feed-replies.js';

export const getChapters = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/chapters.json',
  summary: "An episode's generated chapters (JSON chapters 1.2)",
  description:
    'Chapters start where the talk turns to another topic, titled by the topic of their ' +
    'strongest insight; none shorter than a minute, at most 20 an hour; the file says ' +
    '`generated: true`. 404 when the episode has no insight with a timed quote. CORS open; ' +
    'ETag and Last-Modified for 304s.',
  tags: ['feeds'],
  auth: 'feed',
  params: EpisodeSlugParams,
  query: FeedCredentialQuery,
  responses: {
    200: { description: 'JSON chapters', contentType: CHAPTERS_TYPE, schema: PodcastChapters },
    304: NotModified,
    404: Problem.describe('Unknown slug, or no timed insight to make chapters from'),
  },
  handler: async ({ ctx, params }) => {
    const { episode, files, changedAt } = await slugEpisode(ctx, params.slug);
    const chapters = await episodeChapters(await files(), episode, ctx.logger);
    if (chapters === undefined) {
      throw new NotFound(`episode ${episode.slug} has no timed insight to make chapters from`);
    }
    return namespaceFileReply(
      changedAt,
      `${CHAPTERS_TYPE}; charset=utf-8`,
      JSON.stringify(chapters),
    );
  },
});
