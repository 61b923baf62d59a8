import {
  CommsRecord,
  type DeliveryChannel,
  type DeliveryEnvelope,
  type NotificationType,
  type OutboxStatusBody,
  type OutboxStatusResponse,
  type PushKind,
} from '@podcast/contracts';
import {
  claimPending,
  deletePushSubscription,
  listCommsOf,
  listPushSubscriptions,
  parkEnvelopes,
  reportEnvelopeStatus,
  type StatusReport,
  withTransaction,
} from '@podcast/db';
import { type CommsDeps, updateComms } from './comms-store.js';
import { isStillWanted, withCellOff, withPushOff } from './consent.js';

export interface SeamDeps extends CommsDeps {
  /** How long a pulled envelope stays away from other pulls without a status. */
  leaseMs: number;
}

// A pull that keeps finding withdrawn consent tries a few more batches, not forever.
const PULL_ROUNDS = 4;

async function wantedOf(deps: SeamDeps, claimed: Awaited<ReturnType<typeof claimPending>>) {
  const users = [...new Set(claimed.map((row) => row.user_id))];
  const [records, subscriptions] = await Promise.all([
    listCommsOf(deps.db, users),
    listPushSubscriptions(deps.db, users),
  ]);
  const commsOf = new Map(
    records.map((row) => [
      row.user_id,
      CommsRecord.parse({ ...row.record, unsubscribe_ref: row.unsubscribe_ref }),
    ]),
  );
  const endpointsOf = new Map<string, Set<string>>();
  for (const row of subscriptions) {
    endpointsOf.set(row.user_id, (endpointsOf.get(row.user_id) ?? new Set()).add(row.endpoint));
  }
  return (row: (typeof claimed)[number]) =>
    isStillWanted(
      commsOf.get(row.user_id) ?? CommsRecord.parse({}),
      row.envelope as unknown as DeliveryEnvelope,
      {
        endpoints: endpointsOf.get(row.user_id) ?? new Set(),
      },
    );
}

/**
 * GET /internal/outbox/pending: claims deliverable envelopes oldest first and
 * re-checks live consent (spec 02 property 3). An envelope whose user has
 * since unsubscribed, paused or lost the subscription is dropped from the
 * answer and parked until it expires; its status stays pending, as the state
 * table has no transition for it.
 */
export async function pullPending(
  deps: SeamDeps,
  channel: DeliveryChannel,
  limit: number,
  pushKind?: PushKind,
): Promise<DeliveryEnvelope[]> {
  const handed: DeliveryEnvelope[] = [];
  for (let round = 0; round < PULL_ROUNDS && handed.length < limit; round += 1) {
    const claimed = await claimPending(
      deps.db,
      channel,
      limit - handed.length,
      deps.now(),
      deps.leaseMs,
      pushKind,
    );
    if (claimed.length === 0) {
      break;
    }
    const isWanted = await wantedOf(deps, claimed);
    const dropped = claimed.filter((row) => !isWanted(row));
    await parkEnvelopes(
      deps.db,
      dropped.map((row) => row.id),
    );
    handed.push(
      ...claimed
        .filter((row) => !dropped.includes(row))
        .map((row) => row.envelope as unknown as DeliveryEnvelope),
    );
  }
  return handed;
}

const SUPPRESSING = new Set(['bounced', 'complaint', 'suppressed']);

/**
 * POST /internal/outbox/{id}/status: the first report wins and a repeat
 * answers the stored status unchanged. A first bounced, complaint or
 * suppressed switches the envelope's consent cell off; for push the bad
 * endpoint is removed and push is switched off for every type (spec 02:
 * "a bad push endpoint disables push everywhere"). Undefined: unknown id.
 */
export async function reportStatus(
  deps: SeamDeps,
  id: string,
  report: OutboxStatusBody,
): Promise<OutboxStatusResponse | undefined> {
  // delivered and failed touch one row: a single statement is atomic on its own
  // and spares the seam's hot path a transaction's extra round trips.
  if (!SUPPRESSING.has(report.status)) {
    const stored = await reportEnvelopeStatus(
      deps.db,
      id,
      report.status,
      report.detail ?? null,
      deps.now(),
    );
    return stored && { id, status: stored.status as OutboxStatusResponse['status'] };
  }
  return withTransaction(deps.db, async (trx) => {
    const stored = await reportEnvelopeStatus(
      trx,
      id,
      report.status,
      report.detail ?? null,
      deps.now(),
    );
    if (stored === undefined) {
      return undefined;
    }
    if (stored.changed && SUPPRESSING.has(stored.status)) {
      await suppress({ ...deps, db: trx }, stored);
    }
    return { id, status: stored.status as OutboxStatusResponse['status'] };
  });
}

async function suppress(deps: SeamDeps, stored: StatusReport): Promise<void> {
  const type = stored.type as NotificationType;
  if (stored.channel === 'email') {
    await updateComms(deps, stored.user_id, (record) => withCellOff(record, type, 'email'));
    return;
  }
  const recipient = stored.envelope.recipient as { push_subscription?: { endpoint?: string } };
  const endpoint = recipient.push_subscription?.endpoint;
  if (endpoint !== undefined) {
    await deletePushSubscription(deps.db, stored.user_id, endpoint);
  }
  await updateComms(deps, stored.user_id, (record) =>
    withPushOff(withCellOff(record, type, 'push')),
  );
}
