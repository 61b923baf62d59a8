import { type Selectable, sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { forEachBatch } from './batches.js';
import { assertRoomFor, assertWithinCap, type CappedTable } from './caps.js';
import { type DbExecutor, lockUser, withTransaction, withUserLock } from './executor.js';
import {
  deleteNamedCredential,
  listNamedCredentials,
  type NamedCredentialRow,
  touchNamedCredential,
} from './named-credentials.js';
import type { Database, SyncEpisodeActionsTable } from './schema.js';
import { toIso } from './timestamps.js';

/** Rows (or keys) a statement takes at most: far below PostgreSQL's 65,535 bind parameters. */
const BATCH = 1000;

/**
 * Writes `rows` batch by batch in one transaction (the caller's, when there
 * is one), then refuses, and so rolls back, a total past the cap. No rows:
 * no statement at all.
 */
async function writeBatchesWithinCap<T>(
  db: DbExecutor,
  rows: readonly T[],
  cap: { table: CappedTable; userId: string; max: number; what: string },
  write: (tx: Transaction<Database>, batch: T[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await withTransaction(db, async (tx) => {
    await forEachBatch(rows, BATCH, async (batch) => {
      await write(tx, batch);
    });
    await assertWithinCap(tx, cap.table, cap.userId, cap.max, cap.what);
  });
}

// ------------------------------------------------------------ accounts and app passwords

/** The user's sync user name, if one was given already. */
export async function findSyncUsername(
  db: DbExecutor,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('sync_accounts')
    .select('username')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.username;
}

/**
 * Gives the user the first free name of `candidates` (or keeps the one they
 * have). Answers undefined when every candidate is taken.
 */
export async function claimSyncUsername(
  db: DbExecutor,
  userId: string,
  candidates: readonly string[],
): Promise<string | undefined> {
  for (const username of candidates) {
    const known = await findSyncUsername(db, userId);
    if (known !== undefined) {
      return known;
    }
    await db
      .insertInto('sync_accounts')
      .values({ user_id: userId, username })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return findSyncUsername(db, userId);
}

export type AppPasswordRow = NamedCredentialRow;

/** Stores a new app password, refusing the one past `max` (CapReached, a 409). */
export async function insertAppPassword(
  db: DbExecutor,
  row: {
    id: string;
    userId: string;
    name: string;
    selector: string;
    passwordHash: string;
    now: Date;
  },
  max: number,
): Promise<AppPasswordRow> {
  return withUserLock(db, row.userId, async (trx) => {
    await assertRoomFor(trx, 'sync_app_passwords', row.userId, 1, max, 'app passwords');
    await trx
      .insertInto('sync_app_passwords')
      .values({
        id: row.id,
        user_id: row.userId,
        name: row.name,
        selector: row.selector,
        password_hash: row.passwordHash,
        created_at: row.now,
      })
      .execute();
    return { id: row.id, name: row.name, created_at: toIso(row.now), last_used_at: null };
  });
}

/** The user's app passwords, oldest first, without their hashes. */
export function listAppPasswords(db: DbExecutor, userId: string): Promise<AppPasswordRow[]> {
  return listNamedCredentials(db, 'sync_app_passwords', userId);
}

/** Revokes one of the user's app passwords (and its sessions); false when there was none. */
export function deleteAppPassword(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  return deleteNamedCredential(db, 'sync_app_passwords', userId, id);
}

export interface SyncLogin {
  userId: string;
  username: string;
  passwords: {
    id: string;
    hash: string;
    /** null only for a password made before selectors: checked whatever is sent. */
    selector: string | null;
    lastUsedAt: Date | null;
    /** Its live protocol sessions, newest first. */
    sessions: SyncSessionStamp[];
  }[];
}

/** A stored session as a sign-in sees it: which cookie (by hash) and when it began. */
export interface SyncSessionStamp {
  tokenHash: string;
  createdAt: Date;
}

/**
 * Who logs in with `username`, with the hashes of their app passwords and
 * the live sessions of each, in one round trip (a podcast app may send
 * Basic on every request).
 */
export async function findSyncLogin(
  db: DbExecutor,
  username: string,
  now: Date,
): Promise<SyncLogin | undefined> {
  const rows = await db
    .selectFrom('sync_accounts as a')
    .leftJoin('sync_app_passwords as p', 'p.user_id', 'a.user_id')
    .select((eb) => [
      'a.user_id',
      'a.username',
      'p.id',
      'p.password_hash',
      'p.selector',
      'p.last_used_at',
      jsonArrayFrom(
        eb
          .selectFrom('sync_sessions as s')
          .select(['s.token_hash', 's.created_at'])
          .whereRef('s.app_password_id', '=', 'p.id')
          .where('s.expires_at', '>', now)
          .orderBy('s.created_at', 'desc'),
      ).as('sessions'),
    ])
    .where('a.username', '=', username)
    .execute();
  const [first] = rows;
  if (first === undefined) {
    return undefined;
  }
  return {
    userId: first.user_id,
    username: first.username,
    passwords: rows.flatMap((r) =>
      r.id === null || r.password_hash === null
        ? []
        : [
            {
              id: r.id,
              hash: r.password_hash,
              selector: r.selector,
              lastUsedAt: r.last_used_at,
              // JSON carries the times as text.
              sessions: r.sessions.map((session) => ({
                tokenHash: session.token_hash,
                createdAt: new Date(session.created_at),
              })),
            },
          ],
    ),
  };
}

/** Notes a use of an app password, at most once a minute. */
export function touchAppPassword(db: DbExecutor, id: string, now: Date): Promise<void> {
  return touchNamedCredential(db, 'sync_app_passwords', id, now);
}

/** Sessions kept per app password; a new one past it ends the oldest. */
const SESSIONS_PER_PASSWORD = 10;

/**
 * Stores a session. Creating one that exists changes nothing: two sign-ins
 * racing to open the same derived session both get it.
 */
export async function createSyncSession(
  db: DbExecutor,
  row: { tokenHash: string; userId: string; appPasswordId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto('sync_sessions')
      .values({
        token_hash: row.tokenHash,
        user_id: row.userId,
        app_password_id: row.appPasswordId,
        created_at: row.now,
        expires_at: row.expiresAt,
      })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
    await trx
      .deleteFrom('sync_sessions')
      .where('app_password_id', '=', row.appPasswordId)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', row.now),
          eb(
            'token_hash',
            'not in',
            eb
              .selectFrom('sync_sessions')
              .select('token_hash')
              .where('app_password_id', '=', row.appPasswordId)
              .orderBy('created_at', 'desc')
              .orderBy('token_hash')
              .limit(SESSIONS_PER_PASSWORD),
          ),
        ]),
      )
      .execute();
  });
}

export interface SyncSession {
  userId: string;
  username: string;
  appPasswordId: string;
}

/** The live session of a cookie (by its hash); undefined when expired or revoked. */
export async function findSyncSession(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<SyncSession | undefined> {
  const row = await db
    .selectFrom('sync_sessions as s')
    .innerJoin('sync_accounts as a', 'a.user_id', 's.user_id')
    .select(['s.user_id', 'a.username', 's.app_password_id'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  return row && { userId: row.user_id, username: row.username, appPasswordId: row.app_password_id };
}

export async function deleteSyncSession(db: DbExecutor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sync_sessions').where('token_hash', '=', tokenHash).execute();
}

// ------------------------------------------------------------ devices

export interface SyncDeviceRow {
  id: string;
  caption: string;
  type: string;
}

export async function listSyncDevices(db: DbExecutor, userId: string): Promise<SyncDeviceRow[]> {
  return db
    .selectFrom('sync_devices')
    .select(['id', 'caption', 'type'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Creates the device when it is new (refusing the one past `max`) and sets
 * the fields given; fields left out keep their value.
 */
export async function upsertSyncDevice(
  db: DbExecutor,
  userId: string,
  deviceId: string,
  patch: { caption?: string; type?: string },
  now: Date,
  max: number,
): Promise<void> {
  const nothingToSet = patch.caption === undefined && patch.type === undefined;
  if (nothingToSet && (await hasSyncDevice(db, userId, deviceId))) {
    return;
  }
  await withTransaction(db, async (trx) => {
    if (!(await hasSyncDevice(trx, userId, deviceId))) {
      await lockUser(trx, userId);
      await assertRoomFor(trx, 'sync_devices', userId, 1, max, 'devices');
      await trx
        .insertInto('sync_devices')
        .values({ user_id: userId, id: deviceId, ...patch, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'id']).doUpdateSet({ ...patch, updated_at: now }),
        )
        .execute();
      return;
    }
    if (patch.caption !== undefined || patch.type !== undefined) {
      await trx
        .updateTable('sync_devices')
        .set({ ...patch, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', deviceId)
        .execute();
    }
  });
}

export async function hasSyncDevice(
  db: DbExecutor,
  userId: string,
  deviceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sync_devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', deviceId)
    .executeTakeFirst();
  return row !== undefined;
}

// ------------------------------------------------------------ the sync stamp

/**
 * The user's current sync stamp: every change committed so far has one at
 * or below it, and every later change a higher one (next_sync_stamp in the
 * migrations). For reads that answer no `timestamp`; see answerSyncStamp.
 */
export async function currentSyncStamp(db: DbExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('sync_stamp')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(row?.sync_stamp ?? 0);
}

/**
 * The current stamp as a sync answer's `timestamp`, recorded as answered:
 * every stamp taken later is at least two above it, so a client that asks
 * `since = timestamp + 1` next (Kasts) misses nothing. A writer still in
 * flight when the user's stamp was unanswered is waited for (its row lock),
 * so the stamp answered covers it; one that began after an answer took a
 * stamp two above it already, and needs no waiting. In a transaction that
 * took a stamp, that stamp is the one answered.
 */
export async function answerSyncStamp(db: DbExecutor, userId: string): Promise<number> {
  const { rows } = await sql<{ stamp: string | null }>`
    with answered as (
      update users set sync_answered = sync_stamp
      where id = ${userId} and sync_answered < sync_stamp
      returning sync_stamp
    )
    select coalesce(
      (select sync_stamp from answered),
      (select sync_stamp from users where id = ${userId})
    ) as stamp
  `.execute(db);
  return Number(rows[0]?.stamp ?? 0);
}

/** Takes the stamp of the caller's transaction (the same for every call within it). */
export async function takeSyncStamp(db: DbExecutor, userId: string): Promise<number> {
  const { rows } = await sql<{ stamp: string }>`select next_sync_stamp(${userId}) as stamp`.execute(
    db,
  );
  return Number(rows[0]?.stamp ?? 0);
}

// ------------------------------------------------------------ subscriptions

export interface SubscriptionChangeRow {
  /** A sanitised feed URL (sync rows) or a corpus feed id (library rows). */
  key: string;
  subscribed: boolean;
  stamp: number;
}

export interface SubscriptionChangeRead {
  /** The user's sync stamp: every row below has a stamp at or under it. */
  stamp: number;
  /** Feed URLs podcast apps named, newest change per URL. */
  synced: SubscriptionChangeRow[];
  /** Library rows (the trigger's log), newest change per corpus feed id. */
  library: SubscriptionChangeRow[];
}

/** The sync and library rows with a stamp in (since, until]. */
async function subscriptionRows(
  db: DbExecutor,
  userId: string,
  since: number,
  until: number,
): Promise<Omit<SubscriptionChangeRead, 'stamp'>> {
  const { rows } = await sql<{
    source: 'sync' | 'library';
    key: string;
    subscribed: boolean;
    stamp: string;
  }>`
    select 'sync' as source, url as key, subscribed, stamp from sync_subscriptions
      where user_id = ${userId} and stamp > ${since} and stamp <= ${until}
    union all
    select 'library', feed_id, subscribed, stamp from library_changes
      where user_id = ${userId} and stamp > ${since} and stamp <= ${until}
  `.execute(db);
  const read: Omit<SubscriptionChangeRead, 'stamp'> = { synced: [], library: [] };
  for (const row of rows) {
    const change = { key: row.key, subscribed: row.subscribed, stamp: Number(row.stamp) };
    (row.source === 'sync' ? read.synced : read.library).push(change);
  }
  return read;
}

/**
 * The stamp (answered, when `answer`), then the subscription changes in
 * (since, stamp]; when any changed, every row at or below the stamp
 * instead (a change is told with the other spellings of its feed).
 * Every change at or below the stamp has committed by then; one committed
 * meanwhile has a higher stamp, is left out, and comes next time.
 */
export async function readSubscriptionChanges(
  db: DbExecutor,
  userId: string,
  options: { since: number; answer: boolean },
): Promise<SubscriptionChangeRead> {
  const stamp = options.answer
    ? await answerSyncStamp(db, userId)
    : await currentSyncStamp(db, userId);
  const changed = await subscriptionRows(db, userId, options.since, stamp);
  const hasChanges = changed.synced.length + changed.library.length > 0;
  if (options.since > 0 && hasChanges) {
    return { stamp, ...(await subscriptionRows(db, userId, 0, stamp)) };
  }
  return { stamp, ...changed };
}

/** Every feed URL the user's podcast apps named, subscribed or not. */
export async function listSyncSubscriptionUrls(db: DbExecutor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sync_subscriptions')
    .select('url')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.url);
}

/**
 * Records subscribe and unsubscribe changes of feed URLs under `stamp`, in
 * the caller's transaction; refuses (so rolls back) a total past `max` rows.
 */
export async function writeSyncSubscriptions(
  trx: DbExecutor,
  userId: string,
  changes: readonly { url: string; subscribed: boolean }[],
  stamp: number,
  max: number,
): Promise<void> {
  const sorted = [...changes].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const cap = { table: 'sync_subscriptions', userId, max, what: 'synced subscriptions' } as const;
  await writeBatchesWithinCap(trx, sorted, cap, (tx, batch) =>
    tx
      .insertInto('sync_subscriptions')
      .values(batch.map((c) => ({ user_id: userId, url: c.url, subscribed: c.subscribed, stamp })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'url']).doUpdateSet((eb) => ({
          subscribed: eb.ref('excluded.subscribed'),
          stamp: eb.ref('excluded.stamp'),
        })),
      )
      .execute(),
  );
}

// ------------------------------------------------------------ episode actions

/** One action to store: the table's row without what the store adds (id, user, stamp). */
export type EpisodeActionRow = Omit<
  Selectable<SyncEpisodeActionsTable>,
  'id' | 'user_id' | 'stamp'
>;

/** Which of `keys` the user already uploaded. */
export async function knownActionKeys(
  db: DbExecutor,
  userId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  await forEachBatch(keys, BATCH, async (batch) => {
    const rows = await db
      .selectFrom('sync_episode_actions')
      .select('content_key')
      .where('user_id', '=', userId)
      .where('content_key', 'in', batch)
      .execute();
    for (const row of rows) {
      known.add(row.content_key);
    }
  });
  return known;
}

/**
 * Stores new actions under `stamp` in the caller's transaction; refuses,
 * and so rolls back, a total past `max`.
 */
export async function insertEpisodeActions(
  trx: DbExecutor,
  userId: string,
  rows: readonly EpisodeActionRow[],
  stamp: number,
  max: number,
): Promise<void> {
  const cap = { table: 'sync_episode_actions', userId, max, what: 'episode actions' } as const;
  await writeBatchesWithinCap(trx, rows, cap, (tx, batch) =>
    tx
      .insertInto('sync_episode_actions')
      .values(batch.map((r) => ({ ...r, user_id: userId, stamp })))
      .onConflict((oc) => oc.columns(['user_id', 'content_key']).doNothing())
      .execute(),
  );
}

export type StoredEpisodeAction = Omit<EpisodeActionRow, 'content_key'>;

/** Actions uploaded with a stamp in (since, until], optionally of one device or podcast, oldest first. */
export async function listEpisodeActions(
  db: DbExecutor,
  userId: string,
  filter: { since: number; until: number; deviceId?: string; podcast?: string },
): Promise<StoredEpisodeAction[]> {
  let query = db
    .selectFrom('sync_episode_actions')
    .select([
      'podcast',
      'episode',
      'guid',
      'device_id',
      'action',
      'action_at',
      'started',
      'position',
      'total',
    ])
    .where('user_id', '=', userId)
    .where('stamp', '>', String(filter.since))
    .where('stamp', '<=', String(filter.until));
  if (filter.deviceId !== undefined) {
    query = query.where('device_id', '=', filter.deviceId);
  }
  if (filter.podcast !== undefined) {
    query = query.where('podcast', '=', filter.podcast);
  }
  return query.orderBy('action_at').orderBy('id').execute();
}

/** Playback rows the user changed at or after `since` (null: all). */
export async function listPlaybackChangedSince(
  db: DbExecutor,
  userId: string,
  since: Date | null,
): Promise<{ slug: string; position_seconds: number; finished: boolean; updated_at: Date }[]> {
  let query = db
    .selectFrom('playback_positions')
    .select(['slug', 'position_seconds', 'finished', 'updated_at'])
    .where('user_id', '=', userId);
  if (since !== null) {
    query = query.where('updated_at', '>=', since);
  }
  return query.orderBy('updated_at').orderBy('slug').execute();
}
