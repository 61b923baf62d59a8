import {
  DomainError,
  type SubscriptionChangeBody,
  type SubscriptionChangeResult,
  type SubscriptionChanges,
  SYNC_LIMITS,
} from '@podcast/contracts';
import {
  currentSyncStamp,
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
import { sanitizeAll } from './feed-url.js';
import { type SyncIndex, syncIndexOf } from './sync-index.js';

/** Where a synced subscription list stands: each feed URL with its newest change. */
interface FeedState {
  url: string;
  subscribed: boolean;
  stamp: number;
}

/**
 * The user's subscriptions as the sync feed tells them, changed after
 * `since`: the feed URLs apps sent, merged with the library (every way it
 * changes logs to library_changes). A corpus show is one entry whatever
 * URL spelling named it, under the app's spelling when an app sent one;
 * the newest change wins. A library show without a known feed URL cannot
 * be named in the protocol and is left out.
 */
async function feedStates(
  deps: UserStateDeps,
  userId: string,
  since: number,
): Promise<{ stamp: number; states: FeedState[] }> {
  const [snapshot, { stamp, synced, library }] = await Promise.all([
    deps.snapshot(),
    readSubscriptionChanges(deps.db, userId, since),
  ]);
  const index = syncIndexOf(snapshot);
  // A library change is told under the spelling an app used for the show,
  // which may come from a change older than `since`: read those only when needed.
  const spellingRows =
    since > 0 && library.length > 0
      ? (await readSubscriptionChanges(deps.db, userId, 0)).synced
      : synced;
  const spelling = new Map<string, string>();
  for (const row of [...spellingRows].sort((a, b) => a.stamp - b.stamp)) {
    const feedId = index.feedIdOf(row.key);
    if (feedId !== undefined) {
      spelling.set(feedId, row.key);
    }
  }
  const byKey = new Map<string, FeedState>();
  const merge = (key: string, state: FeedState) => {
    const known = byKey.get(key);
    if (known === undefined || known.stamp < state.stamp) {
      byKey.set(key, state);
    } else if (known.stamp === state.stamp && state.subscribed) {
      byKey.set(key, { ...known, subscribed: true });
    }
  };
  for (const row of synced) {
    const feedId = index.feedIdOf(row.key);
    const state = { url: row.key, subscribed: row.subscribed, stamp: row.stamp };
    merge(feedId === undefined ? `url:${row.key}` : `feed:${feedId}`, state);
  }
  for (const row of library) {
    const url = spelling.get(row.key) ?? index.feedUrlOf(row.key);
    if (url !== undefined) {
      merge(`feed:${row.key}`, { url, subscribed: row.subscribed, stamp: row.stamp });
    }
  }
  const states = [...byKey.values()].sort((a, b) => a.stamp - b.stamp || (a.url < b.url ? -1 : 1));
  return { stamp, states };
}

/** The current subscriptions as feed URLs (the simple API and the device list count). */
export async function syncedFeedUrls(deps: UserStateDeps, userId: string): Promise<string[]> {
  const { states } = await feedStates(deps, userId, 0);
  return states.filter((s) => s.subscribed).map((s) => s.url);
}

/**
 * GET /api/2/subscriptions/{user}/{device}.json: what was added and removed
 * after `since` (a removal only when `since` is given: a first sync has
 * nothing to remove). The stamp and the changes come from one statement,
 * so nothing committed meanwhile is lost (db readSubscriptionChanges).
 */
export async function subscriptionChangesSince(
  deps: UserStateDeps,
  userId: string,
  deviceId: string,
  since: number,
): Promise<SubscriptionChanges> {
  await upsertSyncDevice(deps.db, userId, deviceId, {}, deps.now(), SYNC_LIMITS.devicesPerUser);
  const { stamp: timestamp, states } = await feedStates(deps, userId, since);
  return {
    add: states.filter((s) => s.subscribed).map((s) => s.url),
    remove: since > 0 ? states.filter((s) => !s.subscribed).map((s) => s.url) : [],
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
 * POST /api/2/subscriptions/{user}/{device}.json, and the PUT of the simple
 * API as a whole-list change: in one transaction, the feed URLs are
 * recorded, corpus shows join or leave the library (its cap of 2,000
 * holds), and the device is created when new. Either all of it happens or
 * nothing does.
 */
export async function applySubscriptionChange(
  deps: UserStateDeps,
  userId: string,
  deviceId: string,
  body: SubscriptionChangeBody,
): Promise<SubscriptionChangeResult> {
  const plan = planChange(body);
  const index = syncIndexOf(await deps.snapshot());
  const now = deps.now();
  const timestamp = await withTransaction(deps.db, async (trx) => {
    await upsertSyncDevice(trx, userId, deviceId, {}, now, SYNC_LIMITS.devicesPerUser);
    if (plan.adds.length + plan.removes.length === 0) {
      return currentSyncStamp(trx, userId);
    }
    await lockUser(trx, userId);
    const stamp = await takeSyncStamp(trx, userId);
    await writeSyncSubscriptions(
      trx,
      userId,
      [
        ...plan.adds.map((url) => ({ url, subscribed: true })),
        ...plan.removes.map((url) => ({ url, subscribed: false })),
      ],
      stamp,
      SYNC_LIMITS.subscriptionsPerUser,
    );
    await subscribeMany(trx, userId, feedIdsOf(index, plan.adds), now);
    await unsubscribeMany(trx, userId, feedIdsOf(index, plan.removes));
    return stamp;
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
  const index = syncIndexOf(await deps.snapshot());
  const wantedFeeds = new Set(feedIdsOf(index, wanted));
  const remove = current.filter((url) => {
    const feedId = index.feedIdOf(url);
    return !keep.has(url) && (feedId === undefined || !wantedFeeds.has(feedId));
  });
  await applySubscriptionChange(deps, userId, deviceId, { add: wanted, remove });
}
