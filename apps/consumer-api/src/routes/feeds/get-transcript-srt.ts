import { EpisodeSlugParams, FeedCredentialQuery } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { TRANSCRIPT_MISSES, transcriptReply } from './feed-replies.js';

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
    ...TRANSCRIPT_MISSES,
  },
  handler: ({ ctx, params }) => transcriptReply(ctx, params.slug, 'srt'),
});
