import { InsightQuote } from './graph-shapes.js';
import { IsoDateTime, Slug } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Capture: highlights (a span of transcript, a moment, an
 * insight), notes on a highlight, an insight or an episode, and the
 * Markdown and JSON exports with an idempotent re-import.
 */

/** Limits of every write path (create, patch, import); docs/decisions/capture.md. */
export const CAPTURE_LIMITS = {
  highlightsPerUser: 5000,
  notesPerUser: 10_000,
  quoteChars: 2000,
  noteChars: 10_000,
  speakerBytes: 255,
  /** Twenty-four hours: no episode is longer. */
  maxMs: 24 * 3600_000,
  importBytes: '8mb',
} as const;

const bytes = (max: number) =>
  z
    .string()
    .min(1)
    .refine((v) => Buffer.byteLength(v, 'utf8') <= max, { message: `at most ${max} bytes` });

export const HighlightKind = z.enum(['span', 'moment', 'insight']);
export type HighlightKind = z.infer<typeof HighlightKind>;

export const AnchorStatus = z.enum(['ok', 'moved', 'lost']).openapi({
  description:
    'ok: the quote is where it was; moved: found again elsewhere (exactly or by a fuzzy match) ' +
    'after the transcript changed, offsets and times updated; lost: not found, the text is kept',
});
export type AnchorStatus = z.infer<typeof AnchorStatus>;

/** A palette name, or #rrggbb. */
export const HighlightColor = z
  .string()
  .regex(
    /^(?:yellow|green|blue|pink|purple|orange|red|gray|#[0-9a-fA-F]{6})$/,
    'a palette name (yellow, green, blue, pink, purple, orange, red, gray) or #rrggbb',
  );

const Ms = z.number().int().min(0).max(CAPTURE_LIMITS.maxMs);
const QuoteText = z.string().trim().min(1).max(CAPTURE_LIMITS.quoteChars);
const Speaker = bytes(CAPTURE_LIMITS.speakerBytes);
const InsightId = z.string().min(1).max(200);

export const HighlightId = z.string().regex(/^h_[0-9a-f]{24}$/, 'not a highlight id');
export const NoteId = z.string().regex(/^n_[0-9a-f]{24}$/, 'not a note id');

export const Highlight = z
  .object({
    id: HighlightId,
    episode_slug: Slug,
    kind: HighlightKind,
    start_ms: Ms.nullable(),
    end_ms: Ms.nullable(),
    quote_text: z.string().nullable(),
    speaker: z.string().nullable(),
    color: z.string().nullable(),
    insight_id: z.string().nullable(),
    char_start: z.number().int().min(0).nullable().openapi({
      description:
        'Offset of the quote in the episode transcript (its segments joined by newlines)',
    }),
    char_end: z.number().int().min(0).nullable(),
    anchor_status: AnchorStatus,
    quotes: z.array(InsightQuote).openapi({
      description: "An insight highlight's supporting quotes, read from the corpus; else empty",
    }),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .openapi('Highlight');
export type Highlight = z.infer<typeof Highlight>;

export const HighlightList = z.object({ items: z.array(Highlight) }).openapi('HighlightList', {
  description: 'Newest first; episodes no longer in the corpus are hidden',
});
export type HighlightList = z.infer<typeof HighlightList>;

export const HighlightListQuery = z.object({ episode: Slug.optional() });

/**
 * `POST /api/app/highlights` as the reference clients send it. A span needs
 * start_ms, end_ms and quote_text; a moment needs start_ms (its sentence is
 * found in the transcript); an insight needs insight_id.
 */
export const HighlightCreateBody = z
  .object({
    episode_slug: Slug,
    kind: HighlightKind,
    start_ms: Ms.optional(),
    end_ms: Ms.optional(),
    quote_text: QuoteText.optional(),
    speaker: Speaker.optional(),
    color: HighlightColor.optional(),
    insight_id: InsightId.optional(),
  })
  .superRefine((body, ctx) => {
    const need = (field: keyof typeof body, why: string) => {
      if (body[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `required for a ${why}` });
      }
    };
    if (body.kind === 'span') {
      need('start_ms', 'span');
      need('end_ms', 'span');
      need('quote_text', 'span');
    } else if (body.kind === 'moment') {
      need('start_ms', 'moment');
    } else {
      need('insight_id', 'insight highlight');
    }
    if (body.start_ms !== undefined && body.end_ms !== undefined && body.end_ms < body.start_ms) {
      ctx.addIssue({ code: 'custom', path: ['end_ms'], message: 'must not be before start_ms' });
    }
  })
  .openapi('HighlightCreateBody');
export type HighlightCreateBody = z.infer<typeof HighlightCreateBody>;

/** What a patch may change; the episode, the kind and the insight stay. `null` clears a colour. */
export const HighlightPatchBody = z
  .strictObject({
    color: HighlightColor.nullable().optional(),
    speaker: Speaker.nullable().optional(),
    start_ms: Ms.optional(),
    end_ms: Ms.optional(),
    quote_text: QuoteText.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to change' })
  .openapi('HighlightPatchBody');
export type HighlightPatchBody = z.infer<typeof HighlightPatchBody>;

export const HighlightIdParams = z.object({ id: HighlightId });

export const NoteTarget = z.enum(['highlight', 'insight', 'episode']);
export type NoteTarget = z.infer<typeof NoteTarget>;

const NoteText = z.string().trim().min(1).max(CAPTURE_LIMITS.noteChars);
const TargetId = z.string().min(1).max(200);

export const Note = z
  .object({
    id: NoteId,
    target: NoteTarget,
    target_id: z.string(),
    text: z.string(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .openapi('Note');
export type Note = z.infer<typeof Note>;

export const NoteList = z.object({ items: z.array(Note) }).openapi('NoteList');
export type NoteList = z.infer<typeof NoteList>;

export const NoteListQuery = z
  .object({ target: NoteTarget.optional(), target_id: TargetId.optional() })
  .refine((q) => q.target_id === undefined || q.target !== undefined, {
    message: 'target_id needs target',
    path: ['target'],
  });

export const NoteCreateBody = z
  .object({ target: NoteTarget, target_id: TargetId, text: NoteText })
  .openapi('NoteCreateBody');
export type NoteCreateBody = z.infer<typeof NoteCreateBody>;

export const NotePatchBody = z.strictObject({ text: NoteText }).openapi('NotePatchBody');
export const NoteIdParams = z.object({ id: NoteId });

/** The JSON backup: what `export.json` answers and `import` takes back. */
export const CaptureBackup = z
  .object({
    format: z.literal('podcast-capture'),
    version: z.literal(1),
    exported_at: IsoDateTime.optional(),
    // The rows as listed (an insight's quotes left out, they come from the corpus), with the
    // write limits of create and patch.
    highlights: z
      .array(
        Highlight.omit({ quotes: true }).extend({
          quote_text: QuoteText.nullable(),
          speaker: Speaker.nullable(),
          color: HighlightColor.nullable(),
          insight_id: InsightId.nullable(),
        }),
      )
      .max(CAPTURE_LIMITS.highlightsPerUser),
    notes: z
      .array(Note.extend({ target_id: TargetId, text: NoteText }))
      .max(CAPTURE_LIMITS.notesPerUser),
  })
  .openapi('CaptureBackup');
export type CaptureBackup = z.infer<typeof CaptureBackup>;

export const CaptureImportResult = z
  .object({
    highlights: z.object({ added: z.number().int(), already_present: z.number().int() }),
    notes: z.object({ added: z.number().int(), already_present: z.number().int() }),
  })
  .openapi('CaptureImportResult');
export type CaptureImportResult = z.infer<typeof CaptureImportResult>;
