import { GpodderUserParams, SyncDevicesStatus } from '@podcast/contracts';
import { syncDevicesStatus } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const getSyncDevices = defineRoute({
  method: 'get',
  path: '/api/2/sync-devices/{username}.json',
  summary: 'gPodder: which devices are kept in sync',
  description: "All of a user's devices share one list here, so they form one group.",
  tags: ['gpodder'],
  auth: 'sync',
  params: GpodderUserParams,
  responses: { 200: SyncDevicesStatus },
  handler: ({ ctx, principal }) => syncDevicesStatus(userStateOf(ctx), principal.userId),
});
