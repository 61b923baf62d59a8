import { isDeepStrictEqual } from 'node:util';
import {
  actionInstant,
  OPA_LIMITS,
  type OpaSyncAction,
  type OpaSyncBatch,
  type OpaSyncPage,
  type OpaSyncQuery,
  type OpaSyncResult,
  type OpaSyncResults,
  SYNC_LIMITS,
} from '@podcast/contracts';
import type { UserStateDeps } from '../deps.js';
import { pageLink } from './paging.js';
import {
  findEntity,
  findEntityOfFeed,
  loadOpaState,
  type OpaEntity,
  stampTime,
  syncSubscriptionOf,
} from './subscription-state.js';
import {
  assertFree,
  type EntityChange,
  newEntity,
  type OpaWrite,
  stageChange,
  TakenByAnother,
  withOpaWrite,
} from './subscription-writes.js';
import { opaFeedUrl } from './subscriptions.js';

/**
 * The entities of a page, cut after `limit` but never inside one stamp: a
 * stamp is one transaction's changes, and the next page starts after the
 * last stamp answered. A page is longer than `limit` only when one stamp
 * alone is.
 */
function pageEnd(entities: readonly OpaEntity[], limit: number): number {
  if (entities.length <= limit) {
    return entities.length;
  }
  const cutStamp = entities[limit]?.stamp;
  let end = limit;
  while (end > 0 && entities[end - 1]?.stamp === cutStamp) {
    end -= 1;
  }
  if (end > 0) {
    return end;
  }
  end = limit;
  while (end < entities.length && entities[end]?.stamp === cutStamp) {
    end += 1;
  }
  return end;
}

/**
 * GET /v1/sync: subscriptions changed after `since`, oldest change first,
 * each with the time of its sync stamp as `last_updated`: the stamp of the
 * gPodder API, never lower than the clock and always above what an earlier
 * answer covered, so a client that sends back the newest `last_updated` it
 * saw misses no change, even one uploaded late with an old client time.
 * Changes the asking client made itself are left out unless `include_own`.
 */
export async function opaSyncChanges(
  deps: UserStateDeps,
  userId: string,
  query: OpaSyncQuery,
  request: { path: string; query: URLSearchParams; clientId: string | null },
): Promise<OpaSyncPage> {
  const state = await loadOpaState(deps, userId, { answer: true });
  const since =
    query.since === undefined ? 0 : Math.floor(actionInstant(query.since).getTime() / 1000);
  const changed = state.entities.filter(
    (e) =>
      e.stamp > since &&
      (query.include_own || request.clientId === null || e.clientId !== request.clientId),
  );
  const end = pageEnd(changed, query.limit);
  const page = changed.slice(0, end);
  const sinceOf = (e: OpaEntity | undefined) => stampTime(e?.stamp ?? 0).toISOString();
  const hasMore = end < changed.length;
  return {
    results: page.map((e) => ({
      type: 'subscription' as const,
      last_updated: stampTime(e.stamp).toISOString(),
      data: syncSubscriptionOf(e),
    })),
    has_more: hasMore,
    has_next: hasMore,
    ...(hasMore ? { next_since: pageLink(request, { since: sinceOf(page.at(-1)) }) } : {}),
    ...(query.since !== undefined && page.length > 0
      ? { previous_since: pageLink(request, { since: sinceOf(page[0]) }) }
      : {}),
  };
}

type Outcome = Pick<OpaSyncResult, 'status' | 'reason'> & { entity?: OpaEntity };

const rejected = (reason: string, entity?: OpaEntity): Outcome => ({
  status: 'rejected',
  reason,
  ...(entity ? { entity } : {}),
});

/** The members actions read, and their longest values. */
const DATA_LIMITS: Readonly<Record<string, number>> = {
  feed_url: SYNC_LIMITS.urlChars,
  guid: OPA_LIMITS.guidChars,
  sync_id: 100,
};

/** Why an action's data cannot be read, if it cannot: a member that is no string, or too long. */
function dataProblem(data: Record<string, unknown>): string | undefined {
  for (const [key, max] of Object.entries(DATA_LIMITS)) {
    const value = data[key];
    if (
      value !== undefined &&
      value !== null &&
      (typeof value !== 'string' || value.length > max)
    ) {
      return `data.${key}: a string of at most ${max} characters`;
    }
  }
  return undefined;
}

function text(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Stages a change; a GUID or feed of another subscription rejects the action instead. */
function applyChange(write: OpaWrite, entity: OpaEntity, change: EntityChange): Outcome {
  try {
    assertFree(write.state, entity, change, { guid: 'data.guid', feedUrl: 'data.feed_url' });
  } catch (err) {
    if (err instanceof TakenByAnother) {
      return rejected(err.message, entity);
    }
    throw err;
  }
  return { status: 'applied', entity: stageChange(write, entity, change) };
}

/**
 * subscribe: a feed already followed is ignored; one left before the action
 * is followed again; one left after it is ignored; a new one is made with
 * `subscribed_at` the action's time.
 */
function subscribe(write: OpaWrite, data: Record<string, unknown>, at: Date): Outcome {
  const sent = text(data, 'feed_url');
  if (sent === undefined) {
    return rejected('data.feed_url: a feed URL is required');
  }
  const checked = opaFeedUrl(sent);
  if ('problem' in checked) {
    return rejected(`data.feed_url: ${checked.problem}`);
  }
  const guid = text(data, 'guid');
  const found =
    findEntityOfFeed(write.state, checked.url) ??
    (guid === undefined ? undefined : findEntity(write.state, guid));
  if (found === undefined) {
    return applyChange(write, newEntity(write, checked.url, guid), { subscribed: true, at });
  }
  if ((found.subscribed && found.deletedAt === null) || found.changedAt.getTime() >= at.getTime()) {
    return { status: 'ignored', entity: found };
  }
  return applyChange(write, found, { subscribed: true, at });
}

/** unsubscribe and update name their subscription by sync id. */
function byId(write: OpaWrite, data: Record<string, unknown>): OpaEntity | Outcome {
  const id = text(data, 'sync_id');
  const entity = id === undefined ? undefined : write.state.entities.find((e) => e.syncId === id);
  return entity ?? rejected('Entity not found');
}

function unsubscribe(write: OpaWrite, data: Record<string, unknown>, at: Date): Outcome {
  const entity = byId(write, data);
  if (!('syncId' in entity)) {
    return entity;
  }
  if (!entity.subscribed || entity.changedAt.getTime() >= at.getTime()) {
    return { status: 'ignored', entity };
  }
  return applyChange(write, entity, { subscribed: false, at });
}

/** update: the GUID and feed URL sent become the subscription's. */
function update(write: OpaWrite, data: Record<string, unknown>, at: Date): Outcome {
  const entity = byId(write, data);
  if (!('syncId' in entity)) {
    return entity;
  }
  if (entity.changedAt.getTime() >= at.getTime()) {
    return { status: 'ignored', entity };
  }
  const change: EntityChange = { at };
  const guid = text(data, 'guid');
  if (guid !== undefined && guid !== entity.guids.at(-1)?.guid) {
    change.guid = guid;
  }
  const sent = text(data, 'feed_url');
  if (sent !== undefined) {
    const checked = opaFeedUrl(sent);
    if ('problem' in checked) {
      return rejected(`data.feed_url: ${checked.problem}`, entity);
    }
    if (checked.url !== entity.feedUrl) {
      change.feedUrl = checked.url;
    }
  }
  if (guid === undefined && sent === undefined) {
    return rejected('data: send guid or feed_url', entity);
  }
  return applyChange(write, entity, change);
}

const SUBSCRIPTION_ACTIONS: Record<
  string,
  (write: OpaWrite, data: Record<string, unknown>, at: Date) => Outcome
> = { subscribe, unsubscribe, update };

function applyAction(write: OpaWrite, action: OpaSyncAction): Outcome {
  if (action.type !== 'subscription') {
    return rejected(`type: unknown entity type ${JSON.stringify(action.type)}`);
  }
  const apply = Object.hasOwn(SUBSCRIPTION_ACTIONS, action.action)
    ? SUBSCRIPTION_ACTIONS[action.action]
    : undefined;
  if (apply === undefined) {
    return rejected(`action: unknown subscription action ${JSON.stringify(action.action)}`);
  }
  const problem = dataProblem(action.data);
  if (problem !== undefined) {
    return rejected(problem);
  }
  return apply(write, action.data, actionInstant(action.occurred_at));
}

/**
 * For each action whose `action_id` (a UUID, so compared without case) an
 * earlier action of the list already has: that action's index, or
 * `other content` when the two differ in more than the id.
 */
function repeatsOf(requests: readonly OpaSyncAction[]): Map<number, number | 'other content'> {
  const firstOf = new Map<string, number>();
  const repeats = new Map<number, number | 'other content'>();
  requests.forEach((action, i) => {
    const id = action.action_id.toLowerCase();
    const first = firstOf.get(id);
    if (first === undefined) {
      firstOf.set(id, i);
      return;
    }
    const { action_id: _sent, ...content } = action;
    const { action_id: _firstSent, ...firstContent } = requests[first] as OpaSyncAction;
    repeats.set(i, isDeepStrictEqual(content, firstContent) ? first : 'other content');
  });
  return repeats;
}

/**
 * POST /v1/sync: a batch of at most 30 actions, applied in the order of
 * their times (not of the list) in one transaction, each answered applied,
 * ignored (an entity changed at or after its time: the newest change wins)
 * or rejected (with its reason), with the entity as the batch left it. A retried
 * batch finds its changes made and is answered `ignored`. An action_id the
 * batch repeats is one action: applied once, each repeat answered as the
 * first; a repeat with other content is rejected.
 */
export async function applyOpaSyncBatch(
  deps: UserStateDeps,
  userId: string,
  batch: OpaSyncBatch,
  clientId: string | null,
): Promise<OpaSyncResults> {
  return withOpaWrite(deps, userId, clientId, async (write) => {
    const repeats = repeatsOf(batch.requests);
    const order = batch.requests
      .map((action, i) => ({ action, i, at: actionInstant(action.occurred_at).getTime() }))
      .filter(({ i }) => !repeats.has(i))
      .sort((a, b) => a.at - b.at || a.i - b.i);
    const outcomes = new Map<number, Outcome>();
    for (const { action, i } of order) {
      outcomes.set(i, applyAction(write, action));
    }
    for (const [i, first] of repeats) {
      const outcome =
        first === 'other content'
          ? rejected('action_id: an earlier action of the batch has it, with other content')
          : outcomes.get(first);
      if (outcome !== undefined) {
        outcomes.set(i, outcome);
      }
    }
    return {
      results: batch.requests.map((action, i) => {
        const { entity, ...outcome } = outcomes.get(i) ?? rejected('not applied');
        // The entity as the whole batch left it: the canonical state, as the draft asks.
        const now = entity && write.state.entities.find((e) => e.syncId === entity.syncId);
        return {
          type: action.type,
          action: action.action,
          action_id: action.action_id,
          ...outcome,
          ...(now === undefined ? {} : { data: syncSubscriptionOf(now) }),
        };
      }),
    };
  });
}
