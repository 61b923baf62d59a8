import { NoteList, NoteListQuery } from '@podcast/contracts';
import { listUserNotes } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const listNotes = defineRoute({
  method: 'get',
  path: '/api/app/notes',
  summary: "The user's notes, oldest first",
  description: 'Optionally of one target kind, or one target (`?target=&target_id=`).',
  tags: ['capture'],
  auth: 'session',
  query: NoteListQuery,
  responses: { 200: NoteList },
  handler: ({ ctx, query, principal }) => listUserNotes(userStateOf(ctx), principal.user.id, query),
});
