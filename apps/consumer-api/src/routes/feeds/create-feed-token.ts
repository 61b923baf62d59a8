import { createFeedToken } from '@podcast/auth';
import { FeedTokenCreateBody, FeedTokenCreated, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

export const createFeedTokenRoute = defineRoute({
  method: 'post',
  path: '/api/app/feeds/tokens',
  summary: 'Mint a named feed token for podcast apps that cannot sign in',
  description:
    'The token is in this answer only; the server keeps its SHA-256. Append `?token=<token>` ' +
    'to an overlay feed URL (a show’s podcast.xml, me/queue.xml, me/library.xml): the feed’s ' +
    'links then carry it too. At most 20 per user; revoking one stops it at once.',
  tags: ['feeds'],
  auth: 'session',
  body: FeedTokenCreateBody,
  responses: { 201: FeedTokenCreated, 409: Problem.describe('Already 20 feed tokens') },
  handler: async ({ ctx, body, principal }) =>
    reply(201, await createFeedToken(ctx, principal.user.id, body.name)),
});
