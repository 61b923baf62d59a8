import { DomainError } from '@podcast/contracts';
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Tables whose rows a user may hold only so many of. */
export type CappedTable =
  | 'interests'
  | 'favorites'
  | 'library_subscriptions'
  | 'highlights'
  | 'notes'
  | 'sync_app_passwords'
  | 'sync_devices'
  | 'sync_subscriptions'
  | 'sync_episode_actions'
  | 'opa_subscriptions'
  | 'opa_subscription_guids'
  | 'opa_episodes'
  | 'feed_tokens';

/** A per-user cap of a contract would be passed: a 409 that names the cap. */
export class CapReached extends DomainError {
  constructor(what: string, max: number) {
    super('conflict', `${what}: at most ${max} per user; remove some first`);
  }
}

/**
 * Refuses a write that would take the user past `max` rows of `table`. Call it
 * after lockUser in the writing transaction, so racing writes are counted one
 * after another and cannot pass the cap together.
 */
export async function assertRoomFor(
  trx: Transaction<Database>,
  table: CappedTable,
  userId: string,
  adding: number,
  max: number,
  what: string,
): Promise<void> {
  if (adding <= 0) {
    return;
  }
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) + adding > max) {
    throw new CapReached(what, max);
  }
}

/**
 * After a bulk insert whose new rows are known only once written (an
 * idempotent import): refuses, and so rolls back, a total past `max`.
 */
export async function assertWithinCap(
  trx: Transaction<Database>,
  table: CappedTable,
  userId: string,
  max: number,
  what: string,
): Promise<void> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) > max) {
    throw new CapReached(what, max);
  }
}
