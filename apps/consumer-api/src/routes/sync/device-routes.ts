import {
  DeviceUpdateBody,
  GpodderDeviceList,
  GpodderDeviceParams,
  GpodderUserParams,
  Problem,
  SyncDevicesBody,
  SyncDevicesStatus,
} from '@podcast/contracts';
import { rawReply } from '@podcast/http-kit';
import { listUserDevices, syncDevicesStatus, updateUserDevice } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

const TAGS = ['gpodder'];

export const listGpodderDevices = defineRoute({
  method: 'get',
  path: '/api/2/devices/{username}.json',
  summary: "gPodder: the user's devices",
  description: 'Every device reports the length of the one list all devices share.',
  tags: TAGS,
  auth: 'sync',
  params: GpodderUserParams,
  responses: { 200: GpodderDeviceList },
  handler: ({ ctx, principal }) => listUserDevices(userStateOf(ctx), principal.userId),
});

export const updateGpodderDevice = defineRoute({
  method: 'post',
  path: '/api/2/devices/{username}/{device}.json',
  summary: 'gPodder: create a device or update its caption and type',
  description: 'Answers 200 with an empty body, as the protocol does. At most 100 devices.',
  tags: TAGS,
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

export const getSyncDevices = defineRoute({
  method: 'get',
  path: '/api/2/sync-devices/{username}.json',
  summary: 'gPodder: which devices are kept in sync',
  description: "All of a user's devices share one list here, so they form one group.",
  tags: TAGS,
  auth: 'sync',
  params: GpodderUserParams,
  responses: { 200: SyncDevicesStatus },
  handler: ({ ctx, principal }) => syncDevicesStatus(userStateOf(ctx), principal.userId),
});

export const postSyncDevices = defineRoute({
  method: 'post',
  path: '/api/2/sync-devices/{username}.json',
  summary: 'gPodder: start or stop syncing devices',
  description:
    'Accepted and answered with the status; devices cannot be taken out of sync here, since ' +
    'all of them share one list (docs/decisions/sync.md).',
  tags: TAGS,
  auth: 'sync',
  accepts: ['json-any'],
  params: GpodderUserParams,
  body: SyncDevicesBody,
  responses: { 200: SyncDevicesStatus },
  handler: ({ ctx, principal }) => syncDevicesStatus(userStateOf(ctx), principal.userId),
});
