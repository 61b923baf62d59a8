import type { OpaSubscription, OpaSyncSubscription } from '@podcast/contracts';
import { listOpaSubscriptions, type OpaSubscriptionRow } from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { type FeedReport, feedGroupKey } from '../sync/feed-groups.js';
import { feedChanges } from '../sync/subscriptions.js';
import { type SyncIndex, syncIndexIn } from '../sync/sync-index.js';
import { podcastGuidOf, subscriptionSyncId } from './guids.js';

/**
 * One subscription as the Open Podcast API sees it: a feed of the user's
 * shared subscription state (the web app's library and the gPodder API's
 * list, by feed group), with the GUIDs, sync id and client times the API
 * keeps for it. A feed no client of this API named yet has no row; it is
 * seen with the GUID its URL computes to and its sync stamp as its times.
 */
export interface OpaEntity {
  syncId: string;
  /** Every GUID it had, oldest first; the first is the one it was made with. */
  guids: { guid: string; at: Date }[];
  feedUrl: string;
  /** Feed URLs it had before (a PATCH or update moved it), newest last. */
  formerFeedUrls: string[];
  /** Its feed group (sync/feed-groups.ts): one subscription per group. */
  groupKey: string;
  subscribed: boolean;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
  /** The time of the newest change applied: what a later action must be after. */
  changedAt: Date;
  deletedAt: Date | null;
  /** The Client-ID whose request made the newest change; null for other APIs. */
  clientId: string | null;
  /** The sync stamp of the newest change, from any API. */
  stamp: number;
  /** When the server took that change. */
  updatedAt: Date;
  /** A row holds it (else it is seen from the shared state only). */
  isStored: boolean;
}

export interface OpaState {
  userId: string;
  /** The sync stamp read: no entity of the answer changed after it. */
  stamp: number;
  /** Knows the shows; the episodes of an upload are looked up with `withEpisodesNamed`. */
  index: SyncIndex;
  entities: OpaEntity[];
}

/** A stamp as a time: stamps are Unix seconds, never behind the clock. */
export function stampTime(stamp: number): Date {
  return new Date(stamp * 1000);
}

export function latestGuid(entity: OpaEntity): string {
  return entity.guids[entity.guids.length - 1]?.guid ?? '';
}

function entityOfRow(row: OpaSubscriptionRow, groupKey: string): OpaEntity {
  return {
    syncId: row.sync_id,
    guids: row.guids.map((g) => ({ guid: g.guid, at: g.taken_at })),
    feedUrl: row.feed_url,
    formerFeedUrls: row.former_feed_urls,
    groupKey,
    subscribed: row.subscribed,
    subscribedAt: row.subscribed_at,
    unsubscribedAt: row.unsubscribed_at,
    changedAt: row.changed_at,
    deletedAt: row.deleted_at,
    clientId: row.client_id,
    stamp: row.stamp,
    updatedAt: row.updated_at,
    isStored: true,
  };
}

/**
 * A stored subscription after what the web app or a gPodder app did to its
 * feed since this API last wrote it (a higher stamp): subscribed or not as
 * they left it, at the time of their stamp.
 */
function withLaterChange(entity: OpaEntity, report: FeedReport | undefined): OpaEntity {
  if (report === undefined || report.stamp <= entity.stamp) {
    return entity;
  }
  const at = stampTime(report.stamp);
  const later = { ...entity, clientId: null, stamp: report.stamp, updatedAt: at };
  if (report.subscribed === entity.subscribed) {
    return later;
  }
  return report.subscribed
    ? {
        ...later,
        subscribed: true,
        subscribedAt: at,
        unsubscribedAt: null,
        deletedAt: null,
        changedAt: at,
      }
    : { ...later, subscribed: false, unsubscribedAt: at, changedAt: at };
}

/** A feed of the shared state that no client of this API named. */
function entityOfReport(userId: string, index: SyncIndex, report: FeedReport): OpaEntity {
  const corpusUrl = report.key.startsWith('feed:')
    ? index.feedUrlOf(report.key.slice('feed:'.length))
    : undefined;
  const feedUrl = report.urls[0] ?? corpusUrl ?? '';
  const guid = podcastGuidOf(corpusUrl ?? feedUrl);
  const at = stampTime(report.stamp);
  return {
    syncId: subscriptionSyncId(userId, guid),
    guids: [{ guid, at }],
    feedUrl,
    formerFeedUrls: [],
    groupKey: report.key,
    subscribed: report.subscribed,
    subscribedAt: at,
    unsubscribedAt: report.subscribed ? null : at,
    changedAt: at,
    deletedAt: null,
    clientId: null,
    stamp: report.stamp,
    updatedAt: at,
    isStored: false,
  };
}

/**
 * The user's subscriptions. Rows written after the stamp was read are left
 * out (their feeds are not seen as anyone else's meanwhile): they come with
 * the next read, whose `since` is below their stamp.
 */
export async function loadOpaState(
  deps: UserStateDeps,
  userId: string,
  options: { answer: boolean },
): Promise<OpaState> {
  const [index, { stamp, reports }] = await Promise.all([
    syncIndexIn(deps),
    feedChanges(deps, userId, 0, options.answer),
  ]);
  const rows = await listOpaSubscriptions(deps.db, userId);
  const byKey = new Map(reports.map((report) => [report.key, report]));
  const entities: OpaEntity[] = [];
  const covered = new Set<string>();
  const moved = new Set<string>();
  for (const row of rows) {
    const key = feedGroupKey(index, row.feed_url);
    covered.add(key);
    for (const url of row.former_feed_urls) {
      moved.add(feedGroupKey(index, url));
    }
    // Written after the stamp: its feed stays its own, but it comes with the next read.
    if (row.stamp <= stamp) {
      entities.push(withLaterChange(entityOfRow(row, key), byKey.get(key)));
    }
  }
  for (const report of reports) {
    // A feed a subscription moved away from is its past, not one more subscription, until followed again.
    const isPast = moved.has(report.key) && !report.subscribed;
    if (!covered.has(report.key) && !isPast && report.urls.length > 0) {
      entities.push(entityOfReport(userId, index, report));
    }
  }
  entities.sort((a, b) => a.stamp - b.stamp || (a.syncId < b.syncId ? -1 : 1));
  return { userId, stamp, index, entities };
}

/** The subscription any of whose GUIDs, or whose sync id, is `name`. */
export function findEntity(state: OpaState, name: string): OpaEntity | undefined {
  return (
    state.entities.find((e) => e.guids.some((g) => g.guid === name)) ??
    state.entities.find((e) => e.syncId === name)
  );
}

/** The subscription of a (sanitised) feed URL's group. */
export function findEntityOfFeed(state: OpaState, feedUrl: string): OpaEntity | undefined {
  const key = feedGroupKey(state.index, feedUrl);
  return state.entities.find((e) => e.groupKey === key);
}

/** Puts `entity` in place of the one with its sync id (or adds it). */
export function replaceEntity(state: OpaState, entity: OpaEntity): void {
  const at = state.entities.findIndex((e) => e.syncId === entity.syncId);
  if (at < 0) {
    state.entities.push(entity);
  } else {
    state.entities[at] = entity;
  }
}

/** The newest of an entity's times: what `since` compares with. */
export function lastChangeOf(entity: OpaEntity): number {
  const times = [entity.changedAt, entity.updatedAt, entity.deletedAt, entity.guids.at(-1)?.at];
  return Math.max(...times.map((t) => t?.getTime() ?? 0));
}

/**
 * The core's shape: `guid` is the one asked for (any of its GUIDs), with
 * the newest in `new_guid` when it differs; the sync draft's fields too, so
 * a client of either draft finds what it reads.
 */
export function coreSubscriptionOf(entity: OpaEntity, shownGuid?: string): OpaSubscription {
  const guid = shownGuid ?? entity.guids[0]?.guid ?? '';
  const newest = latestGuid(entity);
  return {
    feed_url: entity.feedUrl,
    guid,
    is_subscribed: entity.subscribed,
    subscription_changed: entity.changedAt.toISOString(),
    ...(entity.guids.length > 1 ? { guid_changed: entity.guids.at(-1)?.at.toISOString() } : {}),
    ...(newest !== guid ? { new_guid: newest } : {}),
    ...(entity.deletedAt === null ? {} : { deleted: entity.deletedAt.toISOString() }),
    sync_id: entity.syncId,
    subscribed_at: entity.subscribedAt.toISOString(),
    ...(entity.unsubscribedAt === null
      ? {}
      : { unsubscribed_at: entity.unsubscribedAt.toISOString() }),
  };
}

/** The GUID an entity had at `since`: its newest taken by then, else its first. */
export function guidAt(entity: OpaEntity, since: Date): string {
  const taken = entity.guids.filter((g) => g.at.getTime() <= since.getTime());
  return (taken.at(-1) ?? entity.guids[0])?.guid ?? '';
}

/** The sync draft's shape: the newest GUID. */
export function syncSubscriptionOf(entity: OpaEntity): OpaSyncSubscription {
  return {
    sync_id: entity.syncId,
    guid: latestGuid(entity),
    feed_url: entity.feedUrl,
    subscribed_at: entity.subscribedAt.toISOString(),
    ...(entity.unsubscribedAt === null
      ? {}
      : { unsubscribed_at: entity.unsubscribedAt.toISOString() }),
  };
}
