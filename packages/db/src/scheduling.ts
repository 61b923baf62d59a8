import type { DbExecutor } from './executor.js';

/** What the notification scheduler reads about every user, in a few bulk queries. */
export interface SchedulingRow {
  id: string;
  email: string | null;
  /** The provider's verified flag for `email` (accounts.ts). */
  email_verified: boolean;
  /** The stored consent record; null for a user who never saved one (defaults apply). */
  record: Record<string, unknown> | null;
  unsubscribe_ref: string | null;
}

export async function listSchedulingUsers(db: DbExecutor): Promise<SchedulingRow[]> {
  return db
    .selectFrom('users')
    .leftJoin('comms', 'comms.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.email_verified',
      'comms.record',
      'comms.unsubscribe_ref',
    ])
    .orderBy('users.id')
    .execute();
}

/** Every user's library feeds and interest tokens, keyed by user. */
export async function listAudiences(
  db: DbExecutor,
): Promise<Map<string, { feeds: Set<string>; interests: Set<string> }>> {
  const [feeds, interests] = await Promise.all([
    db.selectFrom('library_subscriptions').select(['user_id', 'feed_id as value']).execute(),
    db.selectFrom('interests').select(['user_id', 'token as value']).execute(),
  ]);
  const byUser = new Map<string, { feeds: Set<string>; interests: Set<string> }>();
  const of = (userId: string) => {
    let audience = byUser.get(userId);
    if (audience === undefined) {
      audience = { feeds: new Set(), interests: new Set() };
      byUser.set(userId, audience);
    }
    return audience;
  };
  for (const row of feeds) {
    of(row.user_id).feeds.add(row.value);
  }
  for (const row of interests) {
    of(row.user_id).interests.add(row.value);
  }
  return byUser;
}

/** Playback positions written since `since` (candidates for "finished today"). */
export async function listRecentPlayback(db: DbExecutor, since: Date) {
  return db
    .selectFrom('playback_positions')
    .select(['user_id', 'slug', 'position_seconds', 'updated_at'])
    .where('updated_at', '>=', since)
    .execute();
}
