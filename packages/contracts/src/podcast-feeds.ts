import { QueryBoolean } from './query.js';
import { IsoDateTime, withoutControlOrBidi } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Podcasting 2.0 overlay feeds: every show re-served as RSS with
 * transcripts, chapters, soundbites and people, the listener's own queue and
 * library feeds, and the feed tokens podcast apps put in those URLs. The
 * chapters and JSON transcript shapes are the podcast namespace's
 * (docs/decisions/podcast-feeds.md).
 */

export const PODCAST_FEED_LIMITS = {
  feedTokensPerUser: 20,
  /** Refused feed tokens a source address may send a minute before it gets 429s. */
  tokenRefusalsPerMinute: 30,
  /** Items of the library feed: the newest episodes of the subscribed shows. */
  libraryFeedItems: 500,
} as const;

// ---------------------------------------------------------------- feed tokens

export const FeedTokenId = z.string().regex(/^ft_[0-9a-f]{24}$/, 'not a feed token id');

export const FeedTokenCreateBody = z
  .object({
    // Listed back to the user beside the token's use: nothing may reorder or hide its text.
    name: withoutControlOrBidi(z.string().max(100))
      .pipe(z.string().trim().min(1, 'a name is required'))
      .openapi({ description: 'What the token is for, e.g. "AntennaPod on my phone"' }),
  })
  .strict();
export type FeedTokenCreateBody = z.infer<typeof FeedTokenCreateBody>;

export const FeedToken = z.object({
  id: FeedTokenId,
  name: z.string(),
  created_at: IsoDateTime,
  last_used_at: IsoDateTime.nullable(),
});
export type FeedToken = z.infer<typeof FeedToken>;

export const FeedTokenCreated = FeedToken.extend({
  token: z.string().openapi({
    description: 'Shown this once; only its SHA-256 is stored. Append as `?token=` to feed URLs',
  }),
});
export type FeedTokenCreated = z.infer<typeof FeedTokenCreated>;

export const FeedTokenList = z.object({ items: z.array(FeedToken) });
export type FeedTokenList = z.infer<typeof FeedTokenList>;

/**
 * DELETE /api/app/feeds/tokens?id=: in the query, since a path segment
 * after /feeds/tokens/ would be ambiguous with /feeds/{feed_id}/podcast.xml.
 */
export const FeedTokenRevokeQuery = z.object({ id: FeedTokenId });

/** The longest `token` a request may carry: a minted one is 47 characters. */
const TOKEN_MAX_CHARS = 200;

/**
 * The credential of the feeds and their files, for apps that can send no
 * header. The authenticator reads it before the query is parsed; it is
 * declared here so the documentation names it.
 */
export const FeedCredentialQuery = z.object({
  token: z
    .string()
    .max(TOKEN_MAX_CHARS)
    .optional()
    .openapi({
      description:
        'A feed token (POST /api/app/feeds/tokens). Instead: HTTP Basic with an app password, ' +
        'or the web session',
    }),
});
export type FeedCredentialQuery = z.infer<typeof FeedCredentialQuery>;

/** GET /api/app/library/opml: the shows' own RSS URLs, or the overlay feeds of this server. */
export const OpmlExportQuery = z.object({
  overlay: QueryBoolean.default(false).openapi({
    description: 'true: each outline points at /api/app/feeds/{feed_id}/podcast.xml',
  }),
  token: z.string().max(TOKEN_MAX_CHARS).optional().openapi({
    description: 'With overlay=true: one of your feed tokens, written into every overlay URL',
  }),
});
export type OpmlExportQuery = z.infer<typeof OpmlExportQuery>;

// ---------------------------------------------------------------- namespace files

/** One chapter of the JSON chapters format 1.2 (times in seconds). */
export const PodcastChapter = z.object({
  startTime: z.number().min(0),
  title: z.string().min(1),
});
export type PodcastChapter = z.infer<typeof PodcastChapter>;

/** `chapters.json`: the podcast namespace's JSON chapters, version 1.2, marked as generated. */
export const PodcastChapters = z
  .object({
    version: z.literal('1.2.0'),
    title: z.string().optional(),
    podcastName: z.string().optional(),
    generated: z.literal(true).openapi({
      description: 'Made from the transcript and its insights, not by the show',
    }),
    chapters: z.array(PodcastChapter),
  })
  .openapi('PodcastChapters');
export type PodcastChapters = z.infer<typeof PodcastChapters>;

export const PodcastTranscriptSegment = z.object({
  speaker: z.string().optional(),
  startTime: z.number().min(0),
  endTime: z.number().min(0),
  body: z.string(),
});
export type PodcastTranscriptSegment = z.infer<typeof PodcastTranscriptSegment>;

/** `transcript.json`: the podcast namespace's JSON transcript format, marked as generated. */
export const PodcastJsonTranscript = z
  .object({
    version: z.literal('1.0.0'),
    generated: z.literal(true),
    segments: z.array(PodcastTranscriptSegment),
  })
  .openapi('PodcastJsonTranscript');
export type PodcastJsonTranscript = z.infer<typeof PodcastJsonTranscript>;
