import { IsoDate } from './query.js';
import { z } from './zod.js';

/**
 * Scalar wire formats shared by several response shapes. Kept apart so every
 * shape spells a timestamp or a publish date the same way.
 */

/**
 * Control characters, and the bidirectional ones (embeddings, overrides,
 * isolates, marks) that would reorder the text shown around a name: refused
 * in the names users and clients give things (a client, a feed token, an
 * app password, a device).
 */
export const CONTROL_OR_BIDI = /[\p{Cc}\p{Bidi_Control}]/u;

/** `text` refused, naming the field, when it holds a CONTROL_OR_BIDI character. */
export function withoutControlOrBidi(text: z.ZodString) {
  return text.refine((v) => !CONTROL_OR_BIDI.test(v), {
    message: 'must not contain control or bidirectional formatting characters',
  });
}

/** RFC 3339 timestamp; `Z` or a numeric offset is required. */
export const IsoDateTime = z.iso
  .datetime({ offset: true })
  .openapi({ example: '2026-11-20T08:00:00Z' });

/** An episode's calendar day, or null when the metadata carries no usable date. */
export const PublishDate = IsoDate.nullable().openapi({
  description: 'YYYY-MM-DD, or null when the episode is undated',
  example: '2026-11-18',
});

/** The catalog's stable episode key, e.g. `p09-a4bbb5dde3` (spec 04 §3). */
export const Slug = z.string().min(1).max(200).openapi({ example: 'p09-a4bbb5dde3' });

/** The `path` parameter of the corpus routes (optional at each use). */
export const CorpusPath = z.string().min(1).openapi({
  description: 'Corpus root inside CORPUS_ROOTS; defaults to CORPUS_DIR',
});

/** The `path` member of corpus responses. */
export const CorpusRootPath = z.string().min(1).openapi({
  description: 'The corpus root that was read',
});

/** A non-negative whole number: counts, offsets, milliseconds. */
export const Count = z.number().int().min(0);

/** One day of a sparkline. */
export const DailyCount = z
  .object({ date: IsoDate, count: Count })
  .openapi('DailyCount', { example: { date: '2026-11-18', count: 3 } });
export type DailyCount = z.infer<typeof DailyCount>;
