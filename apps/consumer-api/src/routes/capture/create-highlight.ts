import { CAPTURE_LIMITS, Highlight, HighlightCreateBody, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { createUserHighlight } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const createHighlight = defineRoute({
  method: 'post',
  path: '/api/app/highlights',
  summary: 'Keep a span of transcript, a moment, or an insight',
  description:
    'A span takes start_ms, end_ms and quote_text (found in the transcript: its offsets are ' +
    'stored); a moment takes start_ms and is expanded to the sentence spoken then; an insight ' +
    `takes insight_id and shows its supporting quotes. 404 for an unknown episode or insight; ` +
    `409 past ${CAPTURE_LIMITS.highlightsPerUser} highlights.`,
  tags: ['capture'],
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
