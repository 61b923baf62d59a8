import type { Selectable, Updateable } from 'kysely';
import { assertRoomFor, assertWithinCap } from './caps.js';
import { type DbExecutor, lockUser, withTransaction } from './executor.js';
import type { HighlightsTable, NotesTable } from './schema.js';
import { toIso } from './timestamps.js';

/*
 * A user's highlights and notes (issue 15). The rules (anchoring, which
 * episode exists, what a note may point at) are @podcast/user-state's;
 * these functions read and write rows, caps checked under the user's lock.
 */

export type HighlightRow = Omit<Selectable<HighlightsTable>, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};
export type HighlightInsert = Omit<HighlightRow, 'user_id' | 'created_at' | 'updated_at'> & {
  created_at?: string;
  updated_at?: string;
};
export type NoteRow = Omit<Selectable<NotesTable>, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};
export type NoteInsert = Omit<NoteRow, 'user_id' | 'created_at' | 'updated_at'> & {
  created_at?: string;
  updated_at?: string;
};

function isoRow<T extends { created_at: Date; updated_at: Date }>(row: T) {
  return { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
}

const IMPORT_BATCH = 500;

export interface CaptureCaps {
  highlights: number;
  notes: number;
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
  const row = await db
    .selectFrom('highlights')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && isoRow(row);
}

/** Adds one highlight, refused (409) past the per-user cap. */
export async function insertHighlight(
  db: DbExecutor,
  userId: string,
  row: HighlightInsert,
  max: number,
  now: Date,
): Promise<HighlightRow> {
  return withTransaction(db, async (trx) => {
    await lockUser(trx, userId);
    await assertRoomFor(trx, 'highlights', userId, 1, max, 'highlights');
    const inserted = await trx
      .insertInto('highlights')
      .values({ ...row, user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return isoRow(inserted);
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
  const row = await db
    .updateTable('highlights')
    .set({ ...change, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && isoRow(row);
}

/** Deletes a highlight and the notes attached to it; false when there was none. */
export async function deleteHighlight(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom('highlights')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    await trx
      .deleteFrom('notes')
      .where('user_id', '=', userId)
      .where('target', '=', 'highlight')
      .where('target_id', '=', id)
      .execute();
    return Number(gone.numDeletedRows) > 0;
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
  const row = await db
    .selectFrom('notes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && isoRow(row);
}

/** Adds one note, refused (409) past the per-user cap. */
export async function insertNote(
  db: DbExecutor,
  userId: string,
  row: NoteInsert,
  max: number,
  now: Date,
): Promise<NoteRow> {
  return withTransaction(db, async (trx) => {
    await lockUser(trx, userId);
    await assertRoomFor(trx, 'notes', userId, 1, max, 'notes');
    const inserted = await trx
      .insertInto('notes')
      .values({ ...row, user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return isoRow(inserted);
  });
}

export async function updateNoteText(
  db: DbExecutor,
  userId: string,
  id: string,
  text: string,
  now: Date,
): Promise<NoteRow | undefined> {
  const row = await db
    .updateTable('notes')
    .set({ text, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && isoRow(row);
}

export async function deleteNote(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('notes')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
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
  return withTransaction(db, async (trx) => {
    await lockUser(trx, userId);
    const stamp = <T extends { created_at?: string; updated_at?: string }>(row: T) => ({
      ...row,
      user_id: userId,
      created_at: row.created_at ?? now,
      updated_at: row.updated_at ?? now,
    });
    const added = { highlights: 0, notes: 0 };
    // PostgreSQL takes at most 65,535 parameters a statement: 500 rows of 16 columns stay far below.
    for (let i = 0; i < rows.highlights.length; i += IMPORT_BATCH) {
      const inserted = await trx
        .insertInto('highlights')
        .values(rows.highlights.slice(i, i + IMPORT_BATCH).map(stamp))
        .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
        .returning('id')
        .execute();
      added.highlights += inserted.length;
    }
    for (let i = 0; i < rows.notes.length; i += IMPORT_BATCH) {
      const inserted = await trx
        .insertInto('notes')
        .values(rows.notes.slice(i, i + IMPORT_BATCH).map(stamp))
        .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
        .returning('id')
        .execute();
      added.notes += inserted.length;
    }
    await assertWithinCap(trx, 'highlights', userId, caps.highlights, 'highlights');
    await assertWithinCap(trx, 'notes', userId, caps.notes, 'notes');
    return added;
  });
}
