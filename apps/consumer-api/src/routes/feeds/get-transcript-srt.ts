import { EpisodeSlugParams, FeedCredentialQuery, Problem } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { NotModified, transcriptReply } from './feed-replies.js';

export const getTranscriptSrt = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/transcript.srt',
  summary: "An episode's transcript as SRT, with speaker names",
  description:
    'Cards of at most two 32-character lines (the namespace asks this of podcast SRT), the ' +
    "speaker's name where the speaker changes. CORS open; ETag and Last-Modified for 304s.",
  tags: ['feeds'],
  auth: 'feed',
  params: EpisodeSlugParams,
  query: FeedCredentialQuery,
  responses: {
    200: { description: 'SRT', contentType: 'application/x-subrip' },
    304: NotModified,
    404: Problem.describe('Unknown slug, no transcript, or no segments file'),
  },
  handler: ({ ctx, params }) => transcriptReply(ctx, params.slug, 'srt'),
});
