import { NextcloudEpisodeActionPage, SinceQuery } from '@podcast/contracts';
import { nextcloudEpisodeActions } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getNextcloudEpisodeActions = defineRoute({
  method: 'get',
  path: '/index.php/apps/gpoddersync/episode_action',
  summary: 'Nextcloud gPodder Sync: play actions after `since`',
  description:
    "Every field present (-1 where unknown), the kind in upper case, no device: the app's " +
    'shape. Positions saved in the web app appear as play actions.',
  tags: ['nextcloud'],
  auth: 'sync',
  query: SinceQuery,
  responses: { 200: NextcloudEpisodeActionPage },
  handler: ({ ctx, query, principal }) =>
    nextcloudEpisodeActions(userStateOf(ctx), principal.userId, query.since ?? 0),
});
