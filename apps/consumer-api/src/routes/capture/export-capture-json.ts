import { CaptureBackup } from '@podcast/contracts';
import { reply } from '@podcast/http-kit';
import { exportUserCapture } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';
import { datedAttachment } from './highlight-shared.js';

export const exportCaptureJson = defineRoute({
  method: 'get',
  path: '/api/app/highlights/export.json',
  summary: 'Backup of every highlight and note, as JSON',
  description:
    'An attachment; highlights of episodes the corpus no longer has are included. ' +
    'POST it back to /api/app/highlights/import.',
  tags: ['capture'],
  auth: 'session',
  responses: { 200: CaptureBackup },
  handler: async ({ ctx, principal }) =>
    reply(
      200,
      await exportUserCapture(userStateOf(ctx), principal.user.id),
      datedAttachment('capture', ctx.now(), 'json'),
    ),
});
