import { OpaSyncPage, OpaSyncQuery } from '@podcast/contracts';
import { opaSyncChanges } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { clientIdOf, OPA_TAGS, pageRequestOf } from './opa-request.js';

export const getOpaSync = defineRoute({
  method: 'get',
  path: '/v1/sync',
  summary: 'Open Podcast API: changes after `since`',
  description:
    'Subscriptions changed after `since`, oldest first, each with `last_updated`: send the ' +
    'newest back as `since` (or follow `next_since`) and no change is missed, even one ' +
    'uploaded late. Changes of the asking `Client-ID` are left out unless `include_own`. A ' +
    'page holds `limit` (default 50, at most 500) unless one change touched more.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  query: OpaSyncQuery,
  responses: { 200: OpaSyncPage },
  handler: ({ ctx, query, principal, req }) =>
    opaSyncChanges(userStateOf(ctx), principal.userId, query, {
      ...pageRequestOf(req),
      clientId: clientIdOf(req),
    }),
});
