import { NotificationType } from './comms.js';
import { DeliveryChannel } from './delivery.js';
import { DeepLink } from './delivery-payload.js';
import { PushKind } from './push-subscription.js';
import { queryInt } from './query.js';
import { IsoDateTime } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Request and response shapes of the notification routes (spec 02
 * "Endpoints"): push subscriptions, the in-app inbox, one-click unsubscribe
 * and the internal outbox seam. The record and envelope live in comms.ts and
 * delivery.ts.
 */

export const VapidKeyResponse = z
  .object({
    public_key: z.string().openapi({ description: 'The server VAPID public key, base64url' }),
  })
  .openapi('VapidKeyResponse');

export const PushSubscriptionSaved = z
  .object({
    endpoint: z.string(),
    kind: PushKind,
    subscriptions: z.number().int().openapi({ description: "The user's subscription count" }),
  })
  .openapi('PushSubscriptionSaved');

export const PushUnsubscribeBody = z
  .object({ endpoint: z.string().min(1).max(2048) })
  .openapi('PushUnsubscribeBody', { description: 'The endpoint of the subscription to remove' });

export const PushSubscriptionRemoved = z
  .object({
    removed: z.boolean().openapi({ description: 'false when no such subscription existed' }),
    subscriptions: z.number().int(),
    push_enabled: z.boolean().openapi({
      description: 'false once the last subscription is gone: push is then off for every type',
    }),
  })
  .openapi('PushSubscriptionRemoved');

export const InAppNotification = z
  .object({
    id: z.string(),
    type: NotificationType,
    title: z.string(),
    text: z.string().nullable(),
    deep_link: DeepLink.nullable(),
    created_at: IsoDateTime,
    read_at: IsoDateTime.nullable(),
  })
  .openapi('InAppNotification');
export type InAppNotification = z.infer<typeof InAppNotification>;

export const InboxList = z
  .object({ items: z.array(InAppNotification), unread: z.number().int() })
  .openapi('InboxList', { description: 'Newest first; the store keeps a bounded number per user' });
export type InboxList = z.infer<typeof InboxList>;

export const InboxIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'expected an id') });

export const UnsubscribeQuery = z.object({
  ref: z.string().min(1).max(200),
  type: NotificationType,
});

export const OutboxPendingQuery = z
  .object({
    channel: DeliveryChannel,
    limit: queryInt(1, 500).default(50),
    kind: PushKind.optional().openapi({
      description:
        'push only: hand out envelopes of this subscription kind alone, leaving the others ' +
        'pending for a worker that sends them; absent: every kind',
    }),
  })
  .superRefine((query, ctx) => {
    if (query.kind !== undefined && query.channel !== 'push') {
      ctx.addIssue({
        code: 'custom',
        path: ['kind'],
        message: 'kind applies to channel=push only',
      });
    }
  });

export const OutboxIdParams = z.object({ id: z.string().min(1).max(300) });
