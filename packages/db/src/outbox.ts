import { sql } from 'kysely';
import type { DbExecutor } from './executor.js';

export interface OutboxInsert {
  id: string;
  user_id: string;
  channel: 'email' | 'push';
  type: string;
  template: string;
  envelope: Record<string, unknown>;
  not_before: string;
  expires_at: string;
  created_at: string;
}

export interface ClaimedEnvelope {
  id: string;
  user_id: string;
  envelope: Record<string, unknown>;
  expires_at: Date;
}

// Bounded by PostgreSQL's 65,535 bind parameters: 9 per row.
const INSERT_CHUNK = 1000;

/**
 * Inserts envelopes whose id is not there yet; an existing id is left as it
 * is (spec 02: enqueueing an existing id is a no-op), also when two runs
 * insert the same id at once. Answers how many were new.
 */
export async function enqueueEnvelopes(
  db: DbExecutor,
  rows: readonly OutboxInsert[],
): Promise<number> {
  // One global id order: two writers inserting overlapping sets in different
  // orders would otherwise wait on each other's unique-index entries (deadlock).
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let inserted = 0;
  for (let start = 0; start < sorted.length; start += INSERT_CHUNK) {
    const chunk = sorted.slice(start, start + INSERT_CHUNK).map((row) => ({
      ...row,
      envelope: JSON.stringify(row.envelope),
    }));
    const result = await db
      .insertInto('outbox')
      .values(chunk)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/**
 * A push envelope's subscription kind, as indexed by outbox_pending_push_kind_idx
 * (a W3C subscription carries no kind: it is Web Push).
 */
const pushKindOf = sql<string>`coalesce(envelope #>> '{recipient,push_subscription,kind}', 'webpush')`;

/**
 * Claims up to `limit` deliverable envelopes of a channel, oldest first:
 * pending, due (not_before passed), unexpired and not leased by another
 * pull; with `pushKind`, only push envelopes of that subscription kind.
 * SKIP LOCKED lets concurrent pulls take disjoint rows; the lease keeps a
 * row away from other pulls until it expires, so the envelopes of a worker
 * that died go out again after `leaseMs`.
 */
export async function claimPending(
  db: DbExecutor,
  channel: 'email' | 'push',
  limit: number,
  now: Date,
  leaseMs: number,
  pushKind?: 'webpush' | 'nativepush',
): Promise<ClaimedEnvelope[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const claimable = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('channel', '=', channel)
    .$if(pushKind !== undefined, (query) => query.where(pushKindOf, '=', pushKind as string))
    .where('not_before', '<=', now)
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set({ lease_until: leaseUntil })
    .where('id', 'in', claimable)
    .returning(['id', 'user_id', 'envelope', 'expires_at', 'created_at'])
    .execute();
  // UPDATE … RETURNING has no order of its own.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
  return rows.map(({ created_at: _created, ...row }) => row);
}

/** Keeps envelopes out of every pull until they expire (consent withdrawn since enqueue). */
export async function parkEnvelopes(db: DbExecutor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) {
    await db
      .updateTable('outbox')
      .set({ lease_until: sql<Date>`expires_at` })
      .where('id', 'in', [...ids])
      .execute();
  }
}

export interface StatusReport {
  /** The stored status after the report. */
  status: string;
  /** False when an earlier report had already set a terminal status. */
  changed: boolean;
  user_id: string;
  channel: 'email' | 'push';
  type: string;
  envelope: Record<string, unknown>;
}

/**
 * Delivery feedback that may follow a `delivered` report: a relay learns of
 * a bounce or a complaint after it accepted the message (spec 02 "Events").
 */
const LATER_FEEDBACK = new Set(['bounced', 'complaint']);

/**
 * Records a terminal status if the envelope is still pending (first report
 * wins), or a bounce or complaint over `delivered`; otherwise answers the
 * stored one unchanged. Undefined: no such id.
 */
export async function reportEnvelopeStatus(
  db: DbExecutor,
  id: string,
  status: string,
  detail: string | null,
  now: Date,
): Promise<StatusReport | undefined> {
  const columns = ['status', 'user_id', 'channel', 'type', 'envelope'] as const;
  const from = LATER_FEEDBACK.has(status) ? ['pending', 'delivered'] : ['pending'];
  const updated = await db
    .updateTable('outbox')
    .set({ status, detail, reported_at: now, lease_until: null })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returning(columns)
    .executeTakeFirst();
  if (updated !== undefined) {
    return { ...updated, changed: true };
  }
  const stored = await db
    .selectFrom('outbox')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
  return stored && { ...stored, changed: false };
}

/** Outbox rows of a user, newest first (tests and operators). */
export async function listOutboxOf(db: DbExecutor, userId: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'status', 'channel', 'template', 'not_before', 'expires_at', 'envelope'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Takes the scheduler's advisory lock for the rest of the caller's
 * transaction; false when another replica holds it (that one runs the tick).
 */
export async function tryLockSchedulerTick(trx: DbExecutor): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${SCHEDULER_LOCK_KEY}::bigint) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

// An arbitrary constant shared by every replica ("podc" in ASCII).
const SCHEDULER_LOCK_KEY = 0x706f_6463;
