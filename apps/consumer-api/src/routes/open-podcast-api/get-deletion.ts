import { OpaDeletion, OpaDeletionParams, Problem } from '@podcast/contracts';
import { opaDeletionStatus } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { OPA_TAGS } from './opa-request.js';

export const getOpaDeletion = defineRoute({
  method: 'get',
  path: '/v1/deletions/{id}',
  summary: 'Open Podcast API: the status of a deletion',
  description: "One of the user's last 100 deletions.",
  tags: OPA_TAGS,
  auth: 'sync-or-token',
  params: OpaDeletionParams,
  responses: {
    200: OpaDeletion,
    404: Problem.describe('No such deletion of the user'),
  },
  handler: ({ ctx, params, principal }) =>
    opaDeletionStatus(userStateOf(ctx), principal.userId, params.id),
});
