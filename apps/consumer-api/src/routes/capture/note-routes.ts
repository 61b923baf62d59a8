import {
  CAPTURE_LIMITS,
  Note,
  NoteCreateBody,
  NoteIdParams,
  NoteList,
  NoteListQuery,
  NotePatchBody,
  Problem,
  z,
} from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { createUserNote, deleteUserNote, listUserNotes, patchUserNote } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

const TAGS = ['capture'];
const NOT_MINE = Problem.describe('No note with this id among the user’s');

export const listNotes = defineRoute({
  method: 'get',
  path: '/api/app/notes',
  summary: "The user's notes, oldest first",
  description: 'Optionally of one target kind, or one target (`?target=&target_id=`).',
  tags: TAGS,
  auth: 'session',
  query: NoteListQuery,
  responses: { 200: NoteList },
  handler: ({ ctx, query, principal }) => listUserNotes(userStateOf(ctx), principal.user.id, query),
});

export const createNote = defineRoute({
  method: 'post',
  path: '/api/app/notes',
  summary: 'Write a note on a highlight, an insight or an episode',
  description:
    `Text of at most ${CAPTURE_LIMITS.noteChars} characters. 404 for a highlight that is not ` +
    `the user's, or an insight or episode the corpus lacks; 409 past ${CAPTURE_LIMITS.notesPerUser} notes.`,
  tags: TAGS,
  auth: 'session',
  body: NoteCreateBody,
  responses: {
    201: Note,
    404: Problem.describe('Unknown target'),
    409: Problem.describe('The per-user cap is reached'),
  },
  handler: async ({ ctx, body, principal }) =>
    reply(201, await createUserNote(userStateOf(ctx), principal.user.id, body)),
});

export const patchNote = defineRoute({
  method: 'patch',
  path: '/api/app/notes/{id}',
  summary: "Change a note's text",
  tags: TAGS,
  auth: 'session',
  params: NoteIdParams,
  body: NotePatchBody,
  responses: { 200: Note, 404: NOT_MINE },
  handler: ({ ctx, params, body, principal }) =>
    patchUserNote(userStateOf(ctx), principal.user.id, params.id, body.text),
});

export const removeNote = defineRoute({
  method: 'delete',
  path: '/api/app/notes/{id}',
  summary: 'Delete a note',
  tags: TAGS,
  auth: 'session',
  params: NoteIdParams,
  responses: { 204: z.null(), 404: NOT_MINE },
  handler: async ({ ctx, params, principal }) => {
    await deleteUserNote(userStateOf(ctx), principal.user.id, params.id);
    return reply(204);
  },
});
