import { randomBytes } from 'node:crypto';
import {
  CAPTURE_LIMITS,
  type Note,
  type NoteCreateBody,
  type NoteList,
  type NoteTarget,
  NotFound,
} from '@podcast/contracts';
import {
  deleteNote,
  findHighlight,
  insertNote,
  listNotes,
  type NoteRow,
  updateNoteText,
} from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { getEpisodeIn } from '../episode-of.js';

function wireOf(row: NoteRow): Note {
  const { user_id: _user, ...note } = row;
  return note;
}

/**
 * What a note may be attached to: one of the user's own highlights, an
 * insight of the corpus, or an episode of the corpus (404 otherwise).
 */
async function assertTarget(
  deps: UserStateDeps,
  userId: string,
  target: NoteTarget,
  targetId: string,
): Promise<void> {
  if (target === 'highlight') {
    if (!(await findHighlight(deps.db, userId, targetId))) {
      throw new NotFound(`no highlight ${targetId}`);
    }
  } else if (target === 'episode') {
    await getEpisodeIn(deps, targetId);
  } else if ((await deps.holdings.episodeOfInsight(targetId)) === undefined) {
    throw new NotFound(`no insight ${targetId} in the corpus`);
  }
}

export async function listUserNotes(
  deps: UserStateDeps,
  userId: string,
  filter: { target?: NoteTarget; target_id?: string },
): Promise<NoteList> {
  return { items: (await listNotes(deps.db, userId, filter)).map(wireOf) };
}

export async function createUserNote(
  deps: UserStateDeps,
  userId: string,
  body: NoteCreateBody,
): Promise<Note> {
  await assertTarget(deps, userId, body.target, body.target_id);
  const row = await insertNote(
    deps.db,
    userId,
    { id: `n_${randomBytes(12).toString('hex')}`, ...body },
    CAPTURE_LIMITS.notesPerUser,
    deps.now(),
  );
  return wireOf(row);
}

export async function patchUserNote(
  deps: UserStateDeps,
  userId: string,
  id: string,
  text: string,
): Promise<Note> {
  const row = await updateNoteText(deps.db, userId, id, text, deps.now());
  if (!row) {
    throw new NotFound(`no note ${id}`);
  }
  return wireOf(row);
}

export async function deleteUserNote(deps: UserStateDeps, userId: string, id: string) {
  if (!(await deleteNote(deps.db, userId, id))) {
    throw new NotFound(`no note ${id}`);
  }
}
