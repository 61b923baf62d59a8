import { listUserFeedTokens } from '@podcast/auth';
import { FeedTokenList } from '@podcast/contracts';
import { defineRoute } from '../../context.js';

export const listFeedTokensRoute = defineRoute({
  method: 'get',
  path: '/api/app/feeds/tokens',
  summary: "The user's feed tokens, oldest first, without secrets",
  tags: ['feeds'],
  auth: 'session',
  responses: { 200: FeedTokenList },
  handler: ({ ctx, principal }) => listUserFeedTokens(ctx, principal.user.id),
});
