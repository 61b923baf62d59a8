import { EpisodeSlugParams, FeedCredentialQuery } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { TRANSCRIPT_MISSES, transcriptReply } from './feed-replies.js';

export const getTranscriptVtt = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/transcript.vtt',
  summary: "An episode's transcript as WebVTT, with speaker names",
  description:
    'One cue per segment of the raw segments file (the origin audio, ads included), `<v Name>` ' +
    'where the speaker is known, lines of at most 65 characters; a NOTE says it is generated. ' +
    'CORS open; ETag and Last-Modified for 304s.',
  tags: ['feeds'],
  auth: 'feed',
  params: EpisodeSlugParams,
  query: FeedCredentialQuery,
  responses: {
    200: { description: 'WebVTT', contentType: 'text/vtt' },
    ...TRANSCRIPT_MISSES,
  },
  handler: ({ ctx, params }) => transcriptReply(ctx, params.slug, 'vtt'),
});
