import { EpisodeSlugParams, FeedCredentialQuery, PodcastJsonTranscript } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { TRANSCRIPT_MISSES, transcriptReply } from './feed-replies.js';

export const getTranscriptJson = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/transcript.json',
  summary: "An episode's transcript in the podcast namespace's JSON format",
  description:
    'Version 1.0.0, one segment per transcript segment with `speaker` where known, marked ' +
    '`generated`. CORS open; ETag and Last-Modified for 304s.',
  tags: ['feeds'],
  auth: 'feed',
  params: EpisodeSlugParams,
  query: FeedCredentialQuery,
  responses: {
    200: {
      description: 'JSON transcript',
      contentType: 'application/json',
      schema: PodcastJsonTranscript,
    },
    ...TRANSCRIPT_MISSES,
  },
  handler: ({ ctx, params }) => transcriptReply(ctx, params.slug, 'json'),
});
