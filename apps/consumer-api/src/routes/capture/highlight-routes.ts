import {
  CAPTURE_LIMITS,
  CaptureBackup,
  CaptureImportResult,
  Highlight,
  HighlightCreateBody,
  HighlightIdParams,
  HighlightList,
  HighlightListQuery,
  HighlightPatchBody,
  Problem,
} from '@podcast/contracts';
import { contentDisposition, rawReply, reply } from '@podcast/http-kit';
import {
  createUserHighlight,
  deleteUserHighlight,
  exportUserCapture,
  exportUserMarkdown,
  importUserCapture,
  listUserHighlights,
  patchUserHighlight,
} from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

const TAGS = ['capture'];
const NOT_MINE = Problem.describe('No highlight with this id among the user’s');

/** Headers of a download named for its day (`highlights-2026-01-31.md`), never cached. */
function datedAttachment(prefix: string, now: Date, extension: string) {
  const name = `${prefix}-${now.toISOString().slice(0, 10)}.${extension}`;
  return {
    'Content-Disposition': contentDisposition('attachment', name),
    'Cache-Control': 'no-store',
  };
}

export const listHighlights = defineRoute({
  method: 'get',
  path: '/api/app/highlights',
  summary: "The user's highlights, newest first",
  description:
    'Optionally of one episode (`?episode=<slug>`). Highlights of an episode the corpus no ' +
    'longer has are kept but not listed. A span or moment whose transcript changed since it ' +
    'was last anchored is anchored again first: anchor_status ok, moved or lost.',
  tags: TAGS,
  auth: 'session',
  query: HighlightListQuery,
  responses: { 200: HighlightList },
  handler: ({ ctx, query, principal }) =>
    listUserHighlights(userStateOf(ctx), principal.user.id, query.episode),
});

export const createHighlight = defineRoute({
  method: 'post',
  path: '/api/app/highlights',
  summary: 'Keep a span of transcript, a moment, or an insight',
  description:
    'A span takes start_ms, end_ms and quote_text (found in the transcript: its offsets are ' +
    'stored); a moment takes start_ms and is expanded to the sentence spoken then; an insight ' +
    `takes insight_id and shows its supporting quotes. 404 for an unknown episode or insight; ` +
    `409 past ${CAPTURE_LIMITS.highlightsPerUser} highlights.`,
  tags: TAGS,
  auth: 'session',
  body: HighlightCreateBody,
  responses: {
    201: Highlight,
    404: Problem.describe('Unknown episode, or an insight the episode lacks'),
    409: Problem.describe('The per-user cap is reached'),
  },
  handler: async ({ ctx, body, principal }) =>
    reply(201, await createUserHighlight(userStateOf(ctx), principal.user.id, body)),
});

export const patchHighlight = defineRoute({
  method: 'patch',
  path: '/api/app/highlights/{id}',
  summary: 'Change a highlight',
  description:
    'color (null clears it) and speaker on any highlight; start_ms, end_ms and quote_text on a ' +
    'span (a new quote is anchored again). The episode, kind and insight stay.',
  tags: TAGS,
  auth: 'session',
  params: HighlightIdParams,
  body: HighlightPatchBody,
  responses: { 200: Highlight, 404: NOT_MINE },
  handler: ({ ctx, params, body, principal }) =>
    patchUserHighlight(userStateOf(ctx), principal.user.id, params.id, body),
});

export const removeHighlight = defineRoute({
  method: 'delete',
  path: '/api/app/highlights/{id}',
  summary: 'Delete a highlight and its notes',
  description: "Answers the user's remaining highlights.",
  tags: TAGS,
  auth: 'session',
  params: HighlightIdParams,
  responses: { 200: HighlightList, 404: NOT_MINE },
  handler: ({ ctx, params, principal }) =>
    deleteUserHighlight(userStateOf(ctx), principal.user.id, params.id),
});

export const exportHighlightsMarkdown = defineRoute({
  method: 'get',
  path: '/api/app/highlights/export.md',
  summary: 'Highlights and notes as Markdown, grouped by show and episode',
  description:
    'An attachment with YAML front matter (Obsidian, Logseq); every line links back to its ' +
    'moment as /episodes/{slug}?t=<seconds>.',
  tags: TAGS,
  auth: 'session',
  responses: {
    200: { description: 'The Markdown file', contentType: 'text/markdown; charset=utf-8' },
  },
  handler: async ({ ctx, principal }) =>
    rawReply(
      200,
      'text/markdown; charset=utf-8',
      await exportUserMarkdown(userStateOf(ctx), principal.user.id),
      datedAttachment('highlights', ctx.now(), 'md'),
    ),
});

export const exportCaptureJson = defineRoute({
  method: 'get',
  path: '/api/app/highlights/export.json',
  summary: 'Backup of every highlight and note, as JSON',
  description:
    'An attachment; highlights of episodes the corpus no longer has are included. ' +
    'POST it back to /api/app/highlights/import.',
  tags: TAGS,
  auth: 'session',
  responses: { 200: CaptureBackup },
  handler: async ({ ctx, principal }) =>
    reply(
      200,
      await exportUserCapture(userStateOf(ctx), principal.user.id),
      datedAttachment('capture', ctx.now(), 'json'),
    ),
});

export const importCapture = defineRoute({
  method: 'post',
  path: '/api/app/highlights/import',
  summary: 'Restore a JSON backup (idempotent)',
  description:
    'Rows whose id the account already has are left alone, so importing the same file again ' +
    'adds nothing. All or nothing: a note on a highlight the file and account lack is a 400, ' +
    'a total past a cap a 409, and then nothing is added.',
  tags: TAGS,
  auth: 'session',
  body: CaptureBackup,
  bodyLimit: CAPTURE_LIMITS.importBytes,
  responses: {
    200: CaptureImportResult,
    409: Problem.describe('The import would pass a per-user cap'),
  },
  handler: ({ ctx, body, principal }) =>
    importUserCapture(userStateOf(ctx), principal.user.id, body),
});
