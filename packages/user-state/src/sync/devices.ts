import {
  DeviceType,
  type DeviceUpdateBody,
  type GpodderDevice,
  NotFound,
  SYNC_LIMITS,
  type SyncDevicesStatus,
} from '@podcast/contracts';
import { hasSyncDevice, listSyncDevices, upsertSyncDevice } from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { syncedFeedUrls } from './subscriptions.js';

/**
 * GET /api/2/devices/{user}.json. All of a user's devices share one
 * subscription list, so each reports its length.
 */
export async function listUserDevices(
  deps: UserStateDeps,
  userId: string,
): Promise<GpodderDevice[]> {
  const [devices, urls] = await Promise.all([
    listSyncDevices(deps.db, userId),
    syncedFeedUrls(deps, userId),
  ]);
  return devices.map((d) => ({
    id: d.id,
    caption: d.caption,
    type: DeviceType.catch('other').parse(d.type),
    subscriptions: urls.length,
  }));
}

/** POST /api/2/devices/{user}/{device}.json: creates or updates (at most 100 devices). */
export async function updateUserDevice(
  deps: UserStateDeps,
  userId: string,
  deviceId: string,
  body: DeviceUpdateBody,
): Promise<void> {
  await upsertSyncDevice(
    deps.db,
    userId,
    deviceId,
    {
      ...(body.caption === undefined ? {} : { caption: body.caption }),
      ...(body.type === undefined ? {} : { type: body.type }),
    },
    deps.now(),
    SYNC_LIMITS.devicesPerUser,
  );
}

/** NotFound unless the user has the device (the simple API's GET answers 404 then). */
export async function requireUserDevice(
  deps: UserStateDeps,
  userId: string,
  deviceId: string,
): Promise<void> {
  if (!(await hasSyncDevice(deps.db, userId, deviceId))) {
    throw new NotFound(`no device ${deviceId}`);
  }
}

/**
 * /api/2/sync-devices/{user}.json: every device of a user is always in
 * sync with the others here (one list per user), so the status is one
 * group of all devices; a lone device is "not synchronized" with anything.
 */
export async function syncDevicesStatus(
  deps: UserStateDeps,
  userId: string,
): Promise<SyncDevicesStatus> {
  const ids = (await listSyncDevices(deps.db, userId)).map((d) => d.id);
  return ids.length > 1
    ? { synchronized: [ids], 'not-synchronized': [] }
    : { synchronized: [], 'not-synchronized': ids };
}
