import { DeviceUpdateBody, GpodderDeviceParams, Problem } from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { updateUserDevice } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const updateGpodderDevice = defineRoute({
  method: 'post',
  path: '/api/2/devices/{username}/{device}.json',
  summary: 'gPodder: create a device or update its caption and type',
  description: 'Answers 200 with an empty body, as the protocol does. At most 100 devices.',
  tags: ['gpodder'],
  auth: 'sync',
  accepts: ['json-any'],
  params: GpodderDeviceParams,
  body: DeviceUpdateBody,
  responses: {
    200: { description: 'Updated (empty body)', contentType: 'text/plain' },
    409: Problem.describe('Already 100 devices'),
  },
  handler: async ({ ctx, params, body, principal }) => {
    await updateUserDevice(userStateOf(ctx), principal.userId, params.device, body);
    return rawReply(200, 'text/plain; charset=utf-8', '');
  },
});
