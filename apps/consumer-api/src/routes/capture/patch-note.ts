import { Note, NoteIdParams, NotePatchBody } from '@podcast/contracts';
import { patchUserNote } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { NOT_MINE } from './note-shared.js';

export const patchNote = defineRoute({
  method: 'patch',
  path: '/api/app/notes/{id}',
  summary: "Change a note's text",
  tags: ['capture'],
  auth: 'session',
  params: NoteIdParams,
  body: NotePatchBody,
  responses: { 200: Note, 404: NOT_MINE },
  handler: ({ ctx, params, body, principal }) =>
    patchUserNote(userStateOf(ctx), principal.user.id, params.id, body.text),
});
