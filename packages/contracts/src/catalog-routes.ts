import { EpisodeStatus } from './catalog.js';
import { queryInt } from './query.js';
import { Slug } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Request shapes of the consumer catalog routes (spec 01, "Consumer routes
 * (/api/app)"). Bounds the spec leaves open are recorded in
 * docs/decisions/catalog.md.
 */

export const CATALOG_PAGE_SIZE_DEFAULT = 20;
export const CATALOG_PAGE_SIZE_MAX = 100;

const pageFields = {
  page: queryInt(1)
    .default(1)
    .openapi({ description: 'One-based page number; a page past the end is empty' }),
  page_size: queryInt(1, CATALOG_PAGE_SIZE_MAX)
    .default(CATALOG_PAGE_SIZE_DEFAULT)
    .openapi({ description: `Episodes per page, default ${CATALOG_PAGE_SIZE_DEFAULT}` }),
  status: EpisodeStatus.optional().openapi({ description: 'Only episodes with this status' }),
};

/** `GET /api/app/podcasts/{feed_id}/episodes`. */
export const FeedEpisodeListQuery = z.object(pageFields);
export type FeedEpisodeListQuery = z.infer<typeof FeedEpisodeListQuery>;

/** `GET /api/app/episodes`. */
export const EpisodeListQuery = z.object({
  ...pageFields,
  feed_id: z.string().optional().openapi({
    description:
      'Only episodes of this show (exact match; empty selects episodes whose metadata names no feed)',
    example: 'sha256:8be6d1b810b89f42a037a959fe97bf045c3f77445b7520f849f14042ca8e60f0',
  }),
});
export type EpisodeListQuery = z.infer<typeof EpisodeListQuery>;

export const EpisodeSlugParams = z.object({ slug: Slug });
export type EpisodeSlugParams = z.infer<typeof EpisodeSlugParams>;

/** Far above a pipeline id (71 characters); keeps junk paths out of lookups and logs. */
const FEED_ID_MAX_CHARS = 300;

/** `{feed_id}` of the catalog and library routes. */
export const FeedIdParams = z.object({
  feed_id: z.string().min(1).max(FEED_ID_MAX_CHARS).openapi({
    description: 'The show id, URL-encoded (pipeline ids look like sha256:<64 hex>)',
  }),
});
export type FeedIdParams = z.infer<typeof FeedIdParams>;
