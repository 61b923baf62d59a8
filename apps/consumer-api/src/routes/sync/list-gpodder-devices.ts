import { GpodderDeviceList, GpodderUserParams } from '@podcast/contracts';
import { listUserDevices } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const listGpodderDevices = defineRoute({
  method: 'get',
  path: '/api/2/devices/{username}.json',
  summary: "gPodder: the user's devices",
  description: 'Every device reports the length of the one list all devices share.',
  tags: ['gpodder'],
  auth: 'sync',
  params: GpodderUserParams,
  responses: { 200: GpodderDeviceList },
  handler: ({ ctx, principal }) => listUserDevices(userStateOf(ctx), principal.userId),
});
