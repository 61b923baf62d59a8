import { NoteIdParams, z } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { deleteUserNote } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { NOT_MINE } from './note-shared.js';

export const removeNote = defineRoute({
  method: 'delete',
  path: '/api/app/notes/{id}',
  summary: 'Delete a note',
  tags: ['capture'],
  auth: 'session',
  params: NoteIdParams,
  responses: { 204: z.null(), 404: NOT_MINE },
  handler: async ({ ctx, params, principal }) => {
    await deleteUserNote(userStateOf(ctx), principal.user.id, params.id);
    return reply(204);
  },
});
