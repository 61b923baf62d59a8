import { TimeZone, UserStats, z } from '@podcast/contracts';
import { userStats } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const getMyStats = defineRoute({
  method: 'get',
  path: '/api/app/me/stats',
  summary: "The user's listening statistics",
  description:
    'From the listen log and saved playback positions. `tz` (IANA) cuts days for active_days, ' +
    'day_streak and the 14-day sparkline; default UTC.',
  tags: ['account'],
  auth: 'session',
  query: z.object({ tz: TimeZone.optional() }),
  responses: { 200: UserStats },
  handler: ({ ctx, principal, query }) =>
    userStats(ctx.db, principal.user.id, ctx.now(), query.tz || 'UTC'),
});
