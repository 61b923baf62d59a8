import { HighlightList, HighlightListQuery } from '@podcast/contracts';
import { listUserHighlights } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const listHighlights = defineRoute({
  method: 'get',
  path: '/api/app/highlights',
  summary: "The user's highlights, newest first",
  description:
    'Optionally of one episode (`?episode=<slug>`). Highlights of an episode the corpus no ' +
    'longer has are kept but not listed. A span or moment whose transcript changed since it ' +
    'was last anchored is anchored again first: anchor_status ok, moved or lost.',
  tags: ['capture'],
  auth: 'session',
  query: HighlightListQuery,
  responses: { 200: HighlightList },
  handler: ({ ctx, query, principal }) =>
    listUserHighlights(userStateOf(ctx), principal.user.id, query.episode),
});
