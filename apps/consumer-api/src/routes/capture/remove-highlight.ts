import { HighlightIdParams, HighlightList } from '@podcast/contracts';
import { deleteUserHighlight } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { NOT_MINE } from './highlight-shared.js';

export const removeHighlight = defineRoute({
  method: 'delete',
  path: '/api/app/highlights/{id}',
  summary: 'Delete a highlight and its notes',
  description: "Answers the user's remaining highlights.",
  tags: ['capture'],
  auth: 'session',
  params: HighlightIdParams,
  responses: { 200: HighlightList, 404: NOT_MINE },
  handler: ({ ctx, params, principal }) =>
    deleteUserHighlight(userStateOf(ctx), principal.user.id, params.id),
});
