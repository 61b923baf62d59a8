import { CAPTURE_LIMITS, CaptureBackup, CaptureImportResult, Problem } from '@podcast/contracts';
import { importUserCapture } from '@podcast/user-state';
import { defineRoute, userStateOf } from '../../context.js';

export const importCapture = defineRoute({
  method: 'post',
  path: '/api/app/highlights/import',
  summary: 'Restore a JSON backup (idempotent)',
  description:
    'Rows whose id the account already has are left alone, so importing the same file again ' +
    'adds nothing. All or nothing: a note on a highlight the file and account lack is a 400, ' +
    'a total past a cap a 409, and then nothing is added.',
  tags: ['capture'],
  auth: 'session',
  body: CaptureBackup,
  bodyLimit: CAPTURE_LIMITS.importBytes,
  responses: {
    200: CaptureImportResult,
    409: Problem.describe('The import would pass a per-user cap'),
  },
  handler: ({ ctx, body, principal }) =>
    importUserCapture(userStateOf(ctx), principal.user.id, body),
});
