import { CAPTURE_LIMITS, Note, NoteCreateBody, Problem } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { createUserNote } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const createNote = defineRoute({
  method: 'post',
  path: '/api/app/notes',
  summary: 'Write a note on a highlight, an insight or an episode',
  description:
    `Text of at most ${CAPTURE_LIMITS.noteChars} characters. 404 for a highlight that is not ` +
    `the user's, or an insight or episode the corpus lacks; 409 past ${CAPTURE_LIMITS.notesPerUser} notes.`,
  tags: ['capture'],
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
