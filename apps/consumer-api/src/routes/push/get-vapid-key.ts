import { VapidKeyResponse } from '@podcast/contracts';
import { HttpError } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

export const getVapidKey = defineRoute({
  method: 'get',
  path: '/api/app/push/vapid-key',
  summary: "The server's public VAPID key",
  description:
    'Pass `public_key` as applicationServerKey to PushManager.subscribe. 503 when unset.',
  tags: ['notifications'],
  auth: 'session',
  responses: { 200: VapidKeyResponse },
  handler: ({ ctx }) => {
    const key = ctx.config.vapidPublicKey;
    if (!key) {
      throw new HttpError(503, 'web push is not configured: APP_VAPID_PUBLIC_KEY is not set');
    }
    return { public_key: key };
  },
});
