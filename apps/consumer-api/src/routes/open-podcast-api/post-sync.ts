import { OpaSyncBatch, OpaSyncResults, Problem } from '@podcast/contracts';
import { applyOpaSyncBatch } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { clientIdOf, OPA_TAGS } from './opa-request.js';

export const postOpaSync = defineRoute({
  method: 'post',
  path: '/v1/sync',
  summary: 'Open Podcast API: a batch of up to 30 actions',
  description:
    '`subscription` actions `subscribe`, `unsubscribe` and `update`, applied in the order ' +
    'of their `occurred_at` in one transaction; each is answered `applied`, `ignored` (the ' +
    'entity changed at or after its time) or `rejected` with a `reason`, with the entity as ' +
    'the batch left it. An `action_id` the batch repeats is applied once and each repeat ' +
    'answered as the first (`rejected` when its content differs). A malformed envelope or ' +
    'more than 30 actions is a 400.',
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  body: OpaSyncBatch,
  responses: {
    200: OpaSyncResults,
    409: Problem.describe('The library (2,000 shows) or the synced list (5,000) would be full'),
  },
  handler: ({ ctx, body, principal, req }) =>
    applyOpaSyncBatch(userStateOf(ctx), principal.userId, body, clientIdOf(req)),
});
