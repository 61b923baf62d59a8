import { DomainError, OPA_LIMITS, SYNC_LIMITS } from '@podcast/contracts';
import {
  addOpaSubscriptionGuids,
  lockUser,
  takeSyncStamp,
  withTransaction,
  writeOpaSubscriptions,
} from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { feedGroupKey } from '../sync/feed-groups.js';
import { applySubscriptionChange } from '../sync/subscriptions.js';
import { podcastGuidOf, subscriptionSyncId } from './guids.js';
import {
  findEntity,
  findEntityOfFeed,
  loadOpaState,
  type OpaEntity,
  type OpaState,
  replaceEntity,
} from './subscription-state.js';

/** Former feed URLs a subscription remembers: enough for a feed that moved a few times. */
const FORMER_FEED_URLS_KEPT = 20;

/** One write request's transaction: the user's lock is held, and its stamp taken. */
export interface OpaWrite {
  deps: UserStateDeps;
  state: OpaState;
  stamp: number;
  now: Date;
  clientId: string | null;
  /** Subscriptions changed so far, by sync id: as they were before the request, and now. */
  staged: Map<string, { before: OpaEntity; after: OpaEntity }>;
}

/**
 * Runs `work` in a transaction (the caller's, when there is one) that holds
 * the user's lock, has taken its sync stamp, and read the subscriptions
 * under the lock: racing writes of one user run one after another. What
 * `work` staged is written when it returns.
 */
export function withOpaWrite<T>(
  deps: UserStateDeps,
  userId: string,
  clientId: string | null,
  work: (write: OpaWrite) => Promise<T>,
): Promise<T> {
  return withTransaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    const stamp = await takeSyncStamp(trx, userId);
    const txDeps = { ...deps, db: trx };
    const state = await loadOpaState(txDeps, userId, { answer: false });
    const write = { deps: txDeps, state, stamp, now: deps.now(), clientId, staged: new Map() };
    const result = await work(write);
    await flushStaged(write);
    return result;
  });
}

/** What one request changes about one subscription; `at` is the change's time. */
export interface EntityChange {
  subscribed?: boolean;
  /** A sanitised feed URL. */
  feedUrl?: string;
  guid?: string;
  isDeleted?: true;
  at: Date;
}

/** A conflict naming the field: the value belongs to another of the user's subscriptions. */
export class TakenByAnother extends DomainError {
  constructor(field: string, value: string) {
    super('conflict', `${field}: ${value} names another of your subscriptions`, { field });
  }
}

/**
 * Refuses a GUID or feed another subscription has: two subscriptions of one
 * feed would each claim the same shared state. A feed only ever left by
 * another API (no row here, not followed) is free to move to.
 */
export function assertFree(
  state: OpaState,
  entity: OpaEntity | undefined,
  change: { guid?: string; feedUrl?: string },
  fields: { guid: string; feedUrl: string },
): void {
  const byGuid = change.guid === undefined ? undefined : findEntity(state, change.guid);
  if (byGuid !== undefined && byGuid.syncId !== entity?.syncId) {
    throw new TakenByAnother(fields.guid, change.guid ?? '');
  }
  const byFeed = change.feedUrl === undefined ? undefined : findEntityOfFeed(state, change.feedUrl);
  const isHistory = byFeed !== undefined && !byFeed.isStored && !byFeed.subscribed;
  if (byFeed !== undefined && byFeed.syncId !== entity?.syncId && !isHistory) {
    throw new TakenByAnother(fields.feedUrl, change.feedUrl ?? '');
  }
}

/**
 * A subscription this request makes, before its first change: not
 * subscribed, with the GUID it is made with (or the one its feed computes to).
 */
export function newEntity(write: OpaWrite, feedUrl: string, guid: string | undefined): OpaEntity {
  const first = guid ?? podcastGuidOf(feedUrl);
  return {
    syncId: subscriptionSyncId(write.state.userId, first),
    guids: [{ guid: first, at: write.now }],
    feedUrl,
    formerFeedUrls: [],
    groupKey: feedGroupKey(write.state.index, feedUrl),
    subscribed: false,
    subscribedAt: write.now,
    unsubscribedAt: null,
    changedAt: new Date(0),
    deletedAt: null,
    clientId: write.clientId,
    stamp: write.stamp,
    updatedAt: write.now,
    isStored: false,
  };
}

function changed(write: OpaWrite, entity: OpaEntity, change: EntityChange): OpaEntity {
  const { at } = change;
  let next: OpaEntity = {
    ...entity,
    changedAt: at,
    clientId: write.clientId,
    stamp: write.stamp,
    updatedAt: write.now,
    isStored: true,
  };
  if (change.isDeleted) {
    next = { ...next, subscribed: false, unsubscribedAt: at, deletedAt: at };
  } else if (change.subscribed === true && (!entity.subscribed || entity.deletedAt !== null)) {
    next = { ...next, subscribed: true, subscribedAt: at, unsubscribedAt: null, deletedAt: null };
  } else if (change.subscribed === false && entity.subscribed) {
    next = { ...next, subscribed: false, unsubscribedAt: at };
  }
  if (change.feedUrl !== undefined) {
    const former = [
      ...entity.formerFeedUrls.filter((url) => url !== entity.feedUrl),
      entity.feedUrl,
    ];
    next.formerFeedUrls = former.slice(-FORMER_FEED_URLS_KEPT);
    next.feedUrl = change.feedUrl;
    next.groupKey = feedGroupKey(write.state.index, change.feedUrl);
  }
  if (change.guid !== undefined) {
    next.guids = [...entity.guids, { guid: change.guid, at }];
  }
  return next;
}

/** The shared state's side of a change: which feed URLs to add and remove. */
function sharedChange(before: OpaEntity, after: OpaEntity) {
  const add: string[] = [];
  const remove: string[] = [];
  if (after.feedUrl !== before.feedUrl && before.subscribed) {
    remove.push(before.feedUrl);
  }
  const wasFollowed = before.subscribed && after.feedUrl === before.feedUrl;
  if (after.subscribed && !wasFollowed) {
    add.push(after.feedUrl);
  } else if (!after.subscribed && before.subscribed && after.feedUrl === before.feedUrl) {
    remove.push(after.feedUrl);
  }
  return { add, remove };
}

/**
 * Changes a subscription in the request's view and answers it as it is
 * now; flushStaged writes it. Staged twice, it keeps what it was before the
 * request, so the shared state sees one change.
 */
export function stageChange(write: OpaWrite, entity: OpaEntity, change: EntityChange): OpaEntity {
  const after = changed(write, entity, change);
  const known = write.staged.get(entity.syncId);
  write.staged.set(entity.syncId, { before: known?.before ?? entity, after });
  replaceEntity(write.state, after);
  if (change.feedUrl !== undefined) {
    // The history of the feed it moved to is its own from now on.
    write.state.entities = write.state.entities.filter(
      (e) => e.isStored || e.subscribed || e.groupKey !== after.groupKey || e === after,
    );
  }
  return after;
}

/**
 * Writes the staged subscriptions: their rows, their new GUIDs, and the
 * feeds they follow or leave through the gPodder API's change, so the web
 * app's library and every podcast app see it.
 */
async function flushStaged(write: OpaWrite): Promise<void> {
  const add = new Set<string>();
  const remove = new Set<string>();
  const guids: { syncId: string; guid: string; at: Date }[] = [];
  for (const { before, after } of write.staged.values()) {
    const shared = sharedChange(before, after);
    for (const url of shared.add) {
      add.add(url);
    }
    for (const url of shared.remove) {
      remove.add(url);
    }
    const fresh = before.isStored ? after.guids.slice(before.guids.length) : after.guids;
    guids.push(...fresh.map((g) => ({ syncId: after.syncId, ...g })));
  }
  const { userId } = write.state;
  if (add.size + remove.size > 0) {
    await applySubscriptionChange(write.deps, userId, undefined, {
      add: [...add],
      remove: [...remove].filter((url) => !add.has(url)),
    });
  }
  const rows = [...write.staged.values()].map(({ after: e }) => ({
    sync_id: e.syncId,
    feed_url: e.feedUrl,
    feed_guid: podcastGuidOf(e.feedUrl),
    former_feed_urls: e.formerFeedUrls,
    subscribed: e.subscribed,
    subscribed_at: e.subscribedAt,
    unsubscribed_at: e.unsubscribedAt,
    changed_at: e.changedAt,
    deleted_at: e.deletedAt,
    client_id: e.clientId,
    stamp: e.stamp,
    updated_at: e.updatedAt,
  }));
  await writeOpaSubscriptions(write.deps.db, userId, rows, SYNC_LIMITS.subscriptionsPerUser);
  await addOpaSubscriptionGuids(write.deps.db, userId, guids, OPA_LIMITS.guidsPerUser);
}
