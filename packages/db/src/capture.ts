import type { Selectable, Updateable } from 'kysely';
import { forEachBatch } from './batches.js';
import { assertRoomFor, assertWithinCap } from './caps.js';
import { type DbExecutor, withTransaction, withUserLock } from './executor.js';
import type { Database, HighlightsTable } from './schema.js';
import { toIso } from './timestamps.js';

/*
 * A user's highlights and notes. The rules (anchoring, which
 * episode exists, what a note may point at) are @podcast/user-state's;
 * these functions read and write rows, caps checked under the user's lock.
 */

/** Highlights and notes are stored alike: keyed (user_id, id), stamped, capped per user. */
type CaptureTable = 'highlights' | 'notes';

/** A stored row as answered: its stamps as ISO strings. */
type CapturedRow<T extends CaptureTable> = Omit<
  Selectable<Database[T]>,
  'created_at' | 'updated_at'
> & {
  created_at: string;
  updated_at: string;
};

/**
 * A row to add: the user comes from the caller, and the stamps default to now.
 * `id` is spelled out because kysely cannot see the key through `T`.
 */
type CaptureInsert<T extends CaptureTable> = Omit<
  CapturedRow<T>,
  'user_id' | 'created_at' | 'updated_at'
> & {
  id: string;
  created_at?: string;
  updated_at?: string;
};

export type HighlightRow = CapturedRow<'highlights'>;
export type HighlightInsert = CaptureInsert<'highlights'>;
export type NoteRow = CapturedRow<'notes'>;
export type NoteInsert = CaptureInsert<'notes'>;

function isoRow<T extends { created_at: Date; updated_at: Date }>(row: T) {
  return { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
}

const IMPORT_BATCH = 500;

export interface CaptureCaps {
  highlights: number;
  notes: number;
}

/*
 * The statements below name their table through the union `CaptureTable`,
 * for which kysely types a row with the columns of both tables; the row read
 * back is the named table's, which is what the casts to `T` say.
 */

async function findCaptured<T extends CaptureTable>(
  db: DbExecutor,
  table: T,
  userId: string,
  id: string,
): Promise<CapturedRow<T> | undefined> {
  const row = await db
    .selectFrom(table as CaptureTable)
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && (isoRow(row) as CapturedRow<T>);
}

/** Adds one row, refused (409) past the per-user cap. */
async function insertCaptured<T extends CaptureTable>(
  db: DbExecutor,
  table: T,
  userId: string,
  row: CaptureInsert<T>,
  max: number,
  now: Date,
): Promise<CapturedRow<T>> {
  return withUserLock(db, userId, async (trx) => {
    await assertRoomFor(trx, table, userId, 1, max, table);
    const inserted = await trx
      .insertInto(table as CaptureTable)
      .values({ ...row, user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return isoRow(inserted) as CapturedRow<T>;
  });
}

async function updateCaptured<T extends CaptureTable>(
  db: DbExecutor,
  table: T,
  userId: string,
  id: string,
  change: Updateable<Database[T]>,
  now: Date,
): Promise<CapturedRow<T> | undefined> {
  const row = await db
    .updateTable(table as CaptureTable)
    .set({ ...change, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && (isoRow(row) as CapturedRow<T>);
}

/** False when the user had no row with this id. */
async function deleteCaptured(
  db: DbExecutor,
  table: CaptureTable,
  userId: string,
  id: string,
): Promise<boolean> {
  const gone = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Adds the rows whose id the user does not have yet; answers how many it added. */
async function importCaptured<T extends CaptureTable>(
  db: DbExecutor,
  table: T,
  userId: string,
  rows: readonly CaptureInsert<T>[],
  now: Date,
): Promise<number> {
  let added = 0;
  // PostgreSQL takes at most 65,535 parameters a statement: 500 rows of 16 columns stay far below.
  await forEachBatch(rows, IMPORT_BATCH, async (batch) => {
    const inserted = await db
      .insertInto(table as CaptureTable)
      .values(
        batch.map((row) => ({
          ...row,
          user_id: userId,
          created_at: row.created_at ?? now,
          updated_at: row.updated_at ?? now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  });
  return added;
}

/** The user's highlights, newest first, optionally of one episode. */
export async function listHighlights(
  db: DbExecutor,
  userId: string,
  episodeSlug?: string,
): Promise<HighlightRow[]> {
  let query = db.selectFrom('highlights').selectAll().where('user_id', '=', userId);
  if (episodeSlug !== undefined) {
    query = query.where('episode_slug', '=', episodeSlug);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(isoRow);
}

export async function findHighlight(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<HighlightRow | undefined> {
  return findCaptured(db, 'highlights', userId, id);
}

/** Adds one highlight, refused (409) past the per-user cap. */
export async function insertHighlight(
  db: DbExecutor,
  userId: string,
  row: HighlightInsert,
  max: number,
  now: Date,
): Promise<HighlightRow> {
  return insertCaptured(db, 'highlights', userId, row, max, now);
}

/**
 * Adds one highlight unless the user has one with its id already, which is
 * answered instead (`isNew` false): a caller that derives the id from what
 * it saves makes a retried save land on the same row. The check and the
 * insert run under the user's lock, so racing retries add one row.
 */
export async function insertHighlightOnce(
  db: DbExecutor,
  userId: string,
  row: HighlightInsert,
  max: number,
  now: Date,
): Promise<{ row: HighlightRow; isNew: boolean }> {
  return withUserLock(db, userId, async (trx) => {
    const existing = await findCaptured(trx, 'highlights', userId, row.id);
    if (existing) {
      return { row: existing, isNew: false };
    }
    return { row: await insertCaptured(trx, 'highlights', userId, row, max, now), isNew: true };
  });
}

/** Changes a highlight of the user; undefined when there is none with this id. */
export async function updateHighlight(
  db: DbExecutor,
  userId: string,
  id: string,
  change: Updateable<HighlightsTable>,
  now: Date,
): Promise<HighlightRow | undefined> {
  return updateCaptured(db, 'highlights', userId, id, change, now);
}

/** Deletes a highlight and the notes attached to it; false when there was none. */
export async function deleteHighlight(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const gone = await deleteCaptured(trx, 'highlights', userId, id);
    await trx
      .deleteFrom('notes')
      .where('user_id', '=', userId)
      .where('target', '=', 'highlight')
      .where('target_id', '=', id)
      .execute();
    return gone;
  });
}

export async function listNotes(
  db: DbExecutor,
  userId: string,
  filter: { target?: string; target_id?: string } = {},
): Promise<NoteRow[]> {
  let query = db.selectFrom('notes').selectAll().where('user_id', '=', userId);
  if (filter.target !== undefined) {
    query = query.where('target', '=', filter.target as NoteRow['target']);
  }
  if (filter.target_id !== undefined) {
    query = query.where('target_id', '=', filter.target_id);
  }
  const rows = await query.orderBy('created_at', 'asc').orderBy('id').execute();
  return rows.map(isoRow);
}

export async function findNote(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<NoteRow | undefined> {
  return findCaptured(db, 'notes', userId, id);
}

/** Adds one note, refused (409) past the per-user cap. */
export async function insertNote(
  db: DbExecutor,
  userId: string,
  row: NoteInsert,
  max: number,
  now: Date,
): Promise<NoteRow> {
  return insertCaptured(db, 'notes', userId, row, max, now);
}

export async function updateNoteText(
  db: DbExecutor,
  userId: string,
  id: string,
  text: string,
  now: Date,
): Promise<NoteRow | undefined> {
  return updateCaptured(db, 'notes', userId, id, { text }, now);
}

export async function deleteNote(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  return deleteCaptured(db, 'notes', userId, id);
}

/**
 * Adds a backup's rows in one transaction. A row whose id the user already
 * has is left as it is, so importing the same file twice adds nothing the
 * second time; both caps are checked on the total, and a backup that would
 * pass one adds nothing at all.
 */
export async function importCaptureRows(
  db: DbExecutor,
  userId: string,
  rows: { highlights: readonly HighlightInsert[]; notes: readonly NoteInsert[] },
  caps: CaptureCaps,
  now: Date,
): Promise<{ highlights: number; notes: number }> {
  return withUserLock(db, userId, async (trx) => {
    const added = {
      highlights: await importCaptured(trx, 'highlights', userId, rows.highlights, now),
      notes: await importCaptured(trx, 'notes', userId, rows.notes, now),
    };
    await assertWithinCap(trx, 'highlights', userId, caps.highlights, 'highlights');
    await assertWithinCap(trx, 'notes', userId, caps.notes, 'notes');
    return added;
  });
}
