import {
  DomainError,
  type SubscriptionChangeBody,
  type SubscriptionChangeResult,
  type SubscriptionChanges,
  SYNC_LIMITS,
} from '@podcast/contracts';
import {
  answerSyncStamp,
  type DbExecutor,
  listSyncSubscriptionUrls,
  lockUser,
  readSubscriptionChanges,
  subscribeMany,
  takeSyncStamp,
  unsubscribeMany,
  upsertSyncDevice,
  withTransaction,
  writeSyncSubscriptions,
} from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { type FeedReport, feedGroupKey, feedReports } from './feed-groups.js';
import { sanitizeAll } from './feed-url.js';
import { type SyncIndex, syncIndexIn } from './sync-index.js';

/**
 * The subscription changes after `since`, one report per feed (feed-groups.ts).
 * When anything changed, all of the user's rows are read: a removal is told
 * under every spelling an app used, those sent before `since` too. Rows are
 * read at or below the stamp, so nothing committed meanwhile is lost (db
 * readSubscriptionChanges); an answered stamp lets `since = timestamp + 1`
 * lose nothing either (db answerSyncStamp).
 */
export async function feedChanges(
  deps: UserStateDeps,
  userId: string,
  since: number,
  answer: boolean,
): Promise<{ stamp: number; reports: FeedReport[] }> {
  const [index, { stamp, synced, library }] = await Promise.all([
    syncIndexIn(deps),
    readSubscriptionChanges(deps.db, userId, { since, answer }),
  ]);
  return { stamp, reports: feedReports(index, synced, library, since) };
}

/** The current subscriptions as feed URLs (the simple API and the device list count). */
export async function syncedFeedUrls(deps: UserStateDeps, userId: string): Promise<string[]> {
  const { reports } = await feedChanges(deps, userId, 0, false);
  return reports.filter((r) => r.subscribed).flatMap((r) => r.urls);
}

/**
 * GET /api/2/subscriptions/{user}/{device}.json: what was added and removed
 * after `since` (a removal only when `since` is given: a first sync has
 * nothing to remove). The device is created when new; the Nextcloud API
 * names none.
 */
export async function subscriptionChangesSince(
  deps: UserStateDeps,
  userId: string,
  deviceId: string | undefined,
  since: number,
): Promise<SubscriptionChanges> {
  if (deviceId !== undefined) {
    await upsertSyncDevice(deps.db, userId, deviceId, {}, deps.now(), SYNC_LIMITS.devicesPerUser);
  }
  const { stamp: timestamp, reports } = await feedChanges(deps, userId, since, true);
  return {
    add: reports.filter((r) => r.subscribed).flatMap((r) => r.urls),
    remove: since > 0 ? reports.filter((r) => !r.subscribed).flatMap((r) => r.urls) : [],
    timestamp,
  };
}

interface PlannedChange {
  adds: string[];
  removes: string[];
  updates: [string, string][];
}

function planChange(body: SubscriptionChangeBody): PlannedChange {
  const add = sanitizeAll(body.add);
  const remove = sanitizeAll(body.remove);
  const added = new Set(add.clean);
  const both = remove.clean.find((url) => added.has(url));
  if (both !== undefined) {
    throw new DomainError('invalid', `body.remove: ${both} is both added and removed`);
  }
  const updates = new Map([...add.updates, ...remove.updates]);
  return { adds: add.clean, removes: remove.clean, updates: [...updates] };
}

function feedIdsOf(index: SyncIndex, urls: readonly string[]): string[] {
  return urls.flatMap((url) => index.feedIdOf(url) ?? []);
}

/**
 * The URLs a change unsubscribes: those sent for removal, and every other
 * spelling of the same feeds an app stored, so that each device hears the
 * removal under the URL it was given. A spelling this change adds stays (a
 * switch from http to https is a removal and an add of one feed).
 */
async function removedSpellings(
  trx: DbExecutor,
  index: SyncIndex,
  userId: string,
  plan: PlannedChange,
): Promise<string[]> {
  if (plan.removes.length === 0) {
    return [];
  }
  const groups = new Set(plan.removes.map((url) => feedGroupKey(index, url)));
  const added = new Set(plan.adds);
  const stored = (await listSyncSubscriptionUrls(trx, userId)).filter(
    (url) => groups.has(feedGroupKey(index, url)) && !added.has(url),
  );
  return [...new Set([...plan.removes, ...stored])];
}

/**
 * POST /api/2/subscriptions/{user}/{device}.json, and the PUT of the simple
 * API as a whole-list change: in one transaction, the feed URLs are
 * recorded, corpus shows join or leave the library (its cap of 2,000
 * holds), and the device (when one is named) is created when new. Either
 * all of it happens or nothing does.
 */
export async function applySubscriptionChange(
  deps: UserStateDeps,
  userId: string,
  deviceId: string | undefined,
  body: SubscriptionChangeBody,
): Promise<SubscriptionChangeResult> {
  const plan = planChange(body);
  const index = await syncIndexIn(deps);
  const now = deps.now();
  const timestamp = await withTransaction(deps.db, async (trx) => {
    if (deviceId !== undefined) {
      await upsertSyncDevice(trx, userId, deviceId, {}, now, SYNC_LIMITS.devicesPerUser);
    }
    if (plan.adds.length + plan.removes.length === 0) {
      return answerSyncStamp(trx, userId);
    }
    await lockUser(trx, userId);
    const stamp = await takeSyncStamp(trx, userId);
    const removed = await removedSpellings(trx, index, userId, plan);
    await writeSyncSubscriptions(
      trx,
      userId,
      [
        ...plan.adds.map((url) => ({ url, subscribed: true })),
        ...removed.map((url) => ({ url, subscribed: false })),
      ],
      stamp,
      SYNC_LIMITS.subscriptionsPerUser,
    );
    const addedShows = feedIdsOf(index, plan.adds);
    await subscribeMany(trx, userId, addedShows, now);
    await unsubscribeMany(
      trx,
      userId,
      feedIdsOf(index, plan.removes).filter((id) => !addedShows.includes(id)),
    );
    return answerSyncStamp(trx, userId);
  });
  return { timestamp, update_urls: plan.updates };
}

/**
 * PUT /subscriptions/{user}/{device}.{format}: the list becomes exactly
 * `urls` (all of a user's devices share one list, see docs/decisions/sync.md).
 */
export async function replaceSyncedFeeds(
  deps: UserStateDeps,
  userId: string,
  deviceId: string,
  urls: readonly string[],
): Promise<void> {
  const wanted = sanitizeAll(urls).clean;
  const keep = new Set(wanted);
  const current = await syncedFeedUrls(deps, userId);
  const index = await syncIndexIn(deps);
  const wantedFeeds = new Set(feedIdsOf(index, wanted));
  const remove = current.filter((url) => {
    const feedId = index.feedIdOf(url);
    return !keep.has(url) && (feedId === undefined || !wantedFeeds.has(feedId));
  });
  await applySubscriptionChange(deps, userId, deviceId, { add: wanted, remove });
}
