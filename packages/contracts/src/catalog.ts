import { requireAscending } from './sorted-refinement.js';
import { Count, PublishDate, Slug } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Catalog shapes of the consumer app (spec 01, "Consumer and query response
 * shapes"; derivations in spec 04 §3): episode cards, the list envelope,
 * episode detail and shows.
 */

export const EpisodeStatus = z.enum(['ready', 'partial', 'pending']).openapi('EpisodeStatus', {
  description:
    'ready: transcript and grounded insights exist; partial: transcript but no insights yet; ' +
    'pending: no transcript yet',
});
export type EpisodeStatus = z.infer<typeof EpisodeStatus>;

const NullableUrl = z.string().min(1).nullable();

// Shared by card and detail so both spell the header fields the same way.
const EpisodeHeader = z.object({
  slug: Slug,
  title: z.string().openapi({ example: 'Rain gardens and the street' }),
  feed_id: z.string().openapi({ description: 'Empty when the metadata names no feed' }),
  podcast_title: z.string().nullable(),
  publish_date: PublishDate,
  duration_seconds: Count.nullable().openapi({ example: 1800 }),
  episode_image_url: NullableUrl.openapi({ description: "The episode's remote image URL" }),
  feed_image_url: NullableUrl.openapi({ description: "The show's remote image URL" }),
  artwork_url: NullableUrl.openapi({
    description: 'Locally stored artwork, the episode image first, else the show image',
    example: '/api/app/artwork?ref=.podcast_scraper%2Fcorpus-art%2Fp01.svg&size=thumb',
  }),
  feed_artwork_url: NullableUrl.openapi({
    description: "Locally stored artwork, always the show's",
  }),
  summary_bullets: z.array(z.string()),
  topics: z.array(z.string().max(160)).max(4).openapi({
    description: 'Topic pills: the first four summary bullets, each at most 160 characters',
  }),
  has_transcript: z.boolean(),
  has_summary: z.boolean(),
  has_gi: z.boolean(),
  has_kg: z.boolean(),
  has_bridge: z.boolean(),
});

export const EpisodeCatalogItem = EpisodeHeader.extend({
  status: EpisodeStatus,
  summary_preview: z.string().max(150).nullable().openapi({
    description: 'A short clean lede (not the joined bullets), at most 150 characters',
  }),
  summary_bullets: z.array(z.string()).max(8).openapi({ description: 'At most eight bullets' }),
}).openapi('EpisodeCatalogItem', { description: 'An episode card of the catalog' });
export type EpisodeCatalogItem = z.infer<typeof EpisodeCatalogItem>;

export const EpisodeList = z
  .object({
    items: z.array(EpisodeCatalogItem),
    page: z.number().int().min(1).openapi({ example: 1 }),
    page_size: z.number().int().min(1).openapi({ example: 20 }),
    total: Count.openapi({ description: 'Episodes matching the filters, over all pages' }),
    has_more: z.boolean(),
  })
  .openapi('EpisodeList', { description: 'One page of the newest-first catalog' });
export type EpisodeList = z.infer<typeof EpisodeList>;

export const EpisodeSummary = z
  .object({
    title: z.string().optional(),
    bullets: z.array(z.string()),
    text: z.string().optional().openapi({ description: 'The summary body, when there is one' }),
  })
  .openapi('EpisodeSummary');
export type EpisodeSummary = z.infer<typeof EpisodeSummary>;

export const EpisodeDetail = EpisodeHeader.extend({
  summary: EpisodeSummary.nullable(),
}).openapi('EpisodeDetail', { description: 'One episode with everything its page header needs' });
export type EpisodeDetail = z.infer<typeof EpisodeDetail>;

export const PodcastItem = z
  .object({
    feed_id: z.string().min(1),
    title: z.string(),
    artwork_url: NullableUrl.openapi({ description: 'Locally stored show artwork' }),
    image_url: NullableUrl.openapi({ description: "The show's remote image URL" }),
    description: z.string().nullable(),
    episode_count: Count,
  })
  .openapi('PodcastItem', { description: 'A show of the catalog' });
export type PodcastItem = z.infer<typeof PodcastItem>;

export const PodcastList = z.object({ items: z.array(PodcastItem) }).openapi('PodcastList');
export type PodcastList = z.infer<typeof PodcastList>;

export const AudioSource = z
  .object({
    episode_slug: Slug,
    url: z.string().min(1).openapi({ description: 'The origin enclosure URL; never rehosted' }),
    mime: z.string().optional().openapi({ example: 'audio/mpeg' }),
    duration_seconds: z.number().min(0).optional(),
    media_id: z.string().optional(),
    strategy: z.literal('direct'),
    resolved_url: z
      .string()
      .optional()
      .openapi({ description: 'After redirects; validate=true only' }),
    verified: z.boolean().optional().openapi({ description: 'The HEAD check succeeded' }),
    content_length: Count.optional(),
  })
  .openapi('AudioSource', { description: 'Where the player fetches the episode audio' });
export type AudioSource = z.infer<typeof AudioSource>;

export const Segment = z
  .object({
    id: z
      .string()
      .regex(/^seg_\d{4,}$/, 'expected seg_NNNN')
      .openapi({ example: 'seg_0007' }),
    start: z.number().min(0).openapi({ description: 'Seconds' }),
    end: z.number().min(0).openapi({ description: 'Seconds' }),
    text: z.string(),
    speaker: z.string().optional(),
  })
  .openapi('Segment');
export type Segment = z.infer<typeof Segment>;

export const SegmentsContract = z
  .object({
    version: z.literal(1),
    episode_slug: Slug,
    segments: z.array(Segment),
  })
  .superRefine(requireAscending('segments', 'start', 'segments must be sorted by start'))
  .openapi('SegmentsContract', { description: 'Timed transcript segments, sorted by start' });
export type SegmentsContract = z.infer<typeof SegmentsContract>;
