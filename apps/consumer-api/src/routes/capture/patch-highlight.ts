import { Highlight, HighlightIdParams, HighlightPatchBody } from '@podcast/contracts';
import { patchUserHighlight } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { NOT_MINE } from './highlight-shared.js';

export const patchHighlight = defineRoute({
  method: 'patch',
  path: '/api/app/highlights/{id}',
  summary: 'Change a highlight',
  description:
    'color (null clears it) and speaker on any highlight; start_ms, end_ms and quote_text on a ' +
    'span (a new quote is anchored again). The episode, kind and insight stay.',
  tags: ['capture'],
  auth: 'session',
  params: HighlightIdParams,
  body: HighlightPatchBody,
  responses: { 200: Highlight, 404: NOT_MINE },
  handler: ({ ctx, params, body, principal }) =>
    patchUserHighlight(userStateOf(ctx), principal.user.id, params.id, body),
});
