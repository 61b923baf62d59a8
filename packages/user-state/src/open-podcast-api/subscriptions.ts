import {
  actionInstant,
  DomainError,
  NotFound,
  type OpaNewSubscriptions,
  type OpaNewSubscriptionsBody,
  type OpaPageQuery,
  type OpaSubscription,
  type OpaSubscriptionPage,
  type OpaSubscriptionPatched,
  type OpaSubscriptionUpdate,
} from '@podcast/contracts';
import type { UserStateDeps } from '../deps.js';
import { sanitizeSyncUrl } from '../sync/feed-url.js';
import { pageOf } from './paging.js';
import {
  coreSubscriptionOf,
  findEntity,
  findEntityOfFeed,
  guidAt,
  lastChangeOf,
  latestGuid,
  loadOpaState,
  type OpaEntity,
  type OpaState,
} from './subscription-state.js';
import {
  assertFree,
  type EntityChange,
  newEntity,
  stageChange,
  withOpaWrite,
} from './subscription-writes.js';

/** A subscription deleted with DELETE: a 410, with the core's error fields. */
export class SubscriptionGone extends DomainError {
  constructor() {
    super('gone', 'Subscription has been deleted', {
      code: 410,
      message: 'Subscription has been deleted',
    });
  }
}

/**
 * The feed URL the core takes: a client must send its protocol (the
 * core's example refuses `example.com/rss4`), then it is sanitised as every
 * sync URL is (sync/feed-url.ts). Answers the stored URL, or why not.
 */
export function opaFeedUrl(sent: string): { url: string } | { problem: string } {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(sent.trim())) {
    return { problem: 'No protocol present' };
  }
  const url = sanitizeSyncUrl(sent);
  return url === '' ? { problem: 'Not an http or https feed URL' } : { url };
}

/** The subscription `name` (any GUID it had, or its sync id) names: NotFound, or SubscriptionGone when deleted. */
export function liveEntity(state: OpaState, name: string): OpaEntity {
  const entity = findEntity(state, name);
  if (entity === undefined) {
    throw new NotFound(`no subscription ${name}`);
  }
  if (entity.deletedAt !== null) {
    throw new SubscriptionGone();
  }
  return entity;
}

/**
 * POST /v1/subscriptions: each feed is followed, a new subscription made
 * when neither its GUID nor its feed names one. A GUID the client sends is
 * authoritative: a subscription found by feed under another GUID takes it
 * as its newest. URLs without a protocol, or not http(s), are failures;
 * the rest is applied in one transaction.
 */
export async function addOpaSubscriptions(
  deps: UserStateDeps,
  userId: string,
  body: OpaNewSubscriptionsBody,
  clientId: string | null,
): Promise<OpaNewSubscriptions> {
  const failure: OpaNewSubscriptions['failure'] = [];
  const accepted: { url: string; guid: string | undefined }[] = [];
  for (const item of body.subscriptions) {
    const checked = opaFeedUrl(item.feed_url);
    if ('problem' in checked) {
      failure.push({ feed_url: item.feed_url, message: checked.problem });
    } else {
      accepted.push({ url: checked.url, guid: item.guid });
    }
  }
  if (accepted.length === 0) {
    return { success: [], failure };
  }
  const success = await withOpaWrite(deps, userId, clientId, async (write) =>
    accepted.map(({ url, guid }) => {
      const byGuid = guid === undefined ? undefined : findEntity(write.state, guid);
      const found = byGuid ?? findEntityOfFeed(write.state, url);
      const entity = found ?? newEntity(write, url, guid);
      const adopts = guid !== undefined && found !== undefined && latestGuid(found) !== guid;
      if (adopts) {
        assertFree(write.state, found, { guid }, { guid: 'guid', feedUrl: 'feed_url' });
      }
      const after = stageChange(write, entity, {
        subscribed: true,
        ...(adopts ? { guid } : {}),
        at: write.now,
      });
      return {
        feed_url: after.feedUrl,
        guid: latestGuid(after),
        is_subscribed: true,
        subscription_changed: after.changedAt.toISOString(),
      };
    }),
  );
  return { success, failure };
}

/**
 * GET /v1/subscriptions: every subscription (those of the web app and the
 * gPodder API included), in the order they changed; with `since`, those
 * changed after it, each under the GUID it had then.
 */
export async function listOpaSubscriptionPage(
  deps: UserStateDeps,
  userId: string,
  query: OpaPageQuery,
  request: { path: string; query: URLSearchParams },
): Promise<OpaSubscriptionPage> {
  const state = await loadOpaState(deps, userId, { answer: false });
  const since = query.since === undefined ? undefined : actionInstant(query.since);
  const entities =
    since === undefined
      ? state.entities
      : state.entities.filter((e) => lastChangeOf(e) > since.getTime());
  const page = pageOf(entities, query.page, query.per_page, request);
  const { items, ...meta } = page;
  return {
    ...meta,
    subscriptions: items.map((e) =>
      coreSubscriptionOf(e, since === undefined ? undefined : guidAt(e, since)),
    ),
  };
}

/** GET /v1/subscriptions/{guid}: under the GUID asked for, the newest in `new_guid`. */
export async function getOpaSubscription(
  deps: UserStateDeps,
  userId: string,
  name: string,
): Promise<OpaSubscription> {
  const state = await loadOpaState(deps, userId, { answer: false });
  const entity = liveEntity(state, name);
  const isGuid = entity.guids.some((g) => g.guid === name);
  return coreSubscriptionOf(entity, isGuid ? name : latestGuid(entity));
}

/**
 * PATCH /v1/subscriptions/{guid}: a new feed URL, a new GUID, followed or
 * not; answers what changed. A feed or GUID another subscription has is a
 * 409 (one subscription per feed: merging two would drop one's state).
 */
export async function patchOpaSubscription(
  deps: UserStateDeps,
  userId: string,
  name: string,
  body: OpaSubscriptionUpdate,
  clientId: string | null,
): Promise<OpaSubscriptionPatched> {
  let feedUrl: string | undefined;
  if (body.new_feed_url !== undefined) {
    const checked = opaFeedUrl(body.new_feed_url);
    if ('problem' in checked) {
      throw new DomainError('invalid', `body.new_feed_url: ${checked.problem}`);
    }
    feedUrl = checked.url;
  }
  return withOpaWrite(deps, userId, clientId, async (write) => {
    const entity = liveEntity(write.state, name);
    const change: EntityChange = { at: write.now };
    if (feedUrl !== undefined && feedUrl !== entity.feedUrl) {
      change.feedUrl = feedUrl;
    }
    if (body.new_guid !== undefined && body.new_guid !== latestGuid(entity)) {
      change.guid = body.new_guid;
    }
    if (body.is_subscribed !== undefined && body.is_subscribed !== entity.subscribed) {
      change.subscribed = body.is_subscribed;
    }
    assertFree(write.state, entity, change, {
      guid: 'body.new_guid',
      feedUrl: 'body.new_feed_url',
    });
    if (Object.keys(change).length === 1) {
      return {};
    }
    const after = stageChange(write, entity, change);
    const at = write.now.toISOString();
    return {
      ...(change.feedUrl === undefined ? {} : { new_feed_url: after.feedUrl }),
      ...(change.subscribed === undefined ? {} : { is_subscribed: after.subscribed }),
      ...(change.feedUrl === undefined && change.subscribed === undefined
        ? {}
        : { subscription_changed: at }),
      ...(change.guid === undefined ? {} : { new_guid: change.guid, guid_changed: at }),
    };
  });
}
