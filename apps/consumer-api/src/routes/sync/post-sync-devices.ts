import { GpodderUserParams, SyncDevicesBody, SyncDevicesStatus } from '@podcast/contracts';
import { syncDevicesStatus } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const postSyncDevices = defineRoute({
  method: 'post',
  path: '/api/2/sync-devices/{username}.json',
  summary: 'gPodder: start or stop syncing devices',
  description:
    'Accepted and answered with the status; devices cannot be taken out of sync here, since ' +
    'all of them share one list (docs/decisions/sync.md).',
  tags: ['gpodder'],
  auth: 'sync',
  accepts: ['json-any'],
  params: GpodderUserParams,
  body: SyncDevicesBody,
  responses: { 200: SyncDevicesStatus },
  handler: ({ ctx, principal }) => syncDevicesStatus(userStateOf(ctx), principal.userId),
});
