import { FeedIdParams } from './catalog-routes.js';
import { IsoDateTime } from './wire-formats.js';
import { z } from './zod.js';

/** The user's subscribed shows (spec 01 "/api/app/library") and OPML import/export. */

export const LibraryItem = z
  .object({
    feed_id: z.string().min(1).openapi({ example: 'sha256:8be6d1b8…' }),
    title: z.string().nullable(),
    artwork_url: z.string().min(1).nullable().openapi({
      description: 'Locally stored artwork of the show (thumb), or null when there is none',
    }),
    subscribed_at: IsoDateTime,
  })
  .openapi('LibraryItem');
export type LibraryItem = z.infer<typeof LibraryItem>;

export const LibraryList = z
  .object({ items: z.array(LibraryItem) })
  .openapi('LibraryList', { description: 'Subscriptions, oldest first' });
export type LibraryList = z.infer<typeof LibraryList>;

/**
 * `POST /api/app/library` as clients of the reference implementation send it.
 * The corpus is the catalog: `feed_url` and `title` are accepted and not
 * stored (the show's own title and artwork are shown).
 */
export const LibrarySubscribeBody = z
  .object({
    feed_id: FeedIdParams.shape.feed_id,
    feed_url: z.string().max(2048).optional(),
    title: z.string().max(500).optional(),
  })
  .openapi('LibrarySubscribeBody');
export type LibrarySubscribeBody = z.infer<typeof LibrarySubscribeBody>;

/** Largest OPML document accepted, in characters (the raw body limit matches it). */
export const OPML_MAX_CHARS = 1_000_000;

export const OpmlImportJson = z
  .object({ opml: z.string().min(1).max(OPML_MAX_CHARS) })
  .openapi('OpmlImportJson', {
    description: 'Alternative to a raw text/x-opml, application/xml or text/xml body',
  });
export type OpmlImportJson = z.infer<typeof OpmlImportJson>;

export const OpmlImportResult = z
  .object({
    subscribed: z.array(z.string()).openapi({ description: 'Feed ids newly subscribed' }),
    already_subscribed: z
      .array(z.string())
      .openapi({ description: 'Feed ids already in the library' }),
    unknown: z.array(z.string()).openapi({
      description: 'xmlUrl values that match no show of the corpus, as given',
    }),
  })
  .openapi('OpmlImportResult');
export type OpmlImportResult = z.infer<typeof OpmlImportResult>;
