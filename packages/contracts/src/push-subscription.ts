import { z } from './zod.js';

/** How a push goes out: Web Push (a W3C subscription, `kind` absent or webpush) or native. */
export const PushKind = z.enum(['webpush', 'nativepush']).openapi('PushKind');
export type PushKind = z.infer<typeof PushKind>;

/** The most push subscriptions one user keeps; a new one past it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/**
 * Push subscriptions (spec 02, "Push subscription"). Both kinds admit extra
 * fields so a client can send more than we read without a schema change.
 * Subscriptions are deduplicated on `endpoint`.
 */

export const WebPushSubscription = z
  .looseObject({
    // Browsers only hand out https push endpoints, and the sender refuses others.
    endpoint: z.url({ protocol: /^https$/, error: 'expected an https URL' }),
    kind: z.literal('webpush').optional(),
    expirationTime: z.number().nullable().optional(),
    keys: z.looseObject({
      p256dh: z.string().min(1).openapi({ description: "The client's ECDH public key, base64url" }),
      auth: z.string().min(1).openapi({ description: 'The auth secret, base64url' }),
    }),
  })
  .openapi('WebPushSubscription', {
    description: 'A W3C PushSubscription as the browser serialises it',
    example: {
      endpoint: 'https://push.example.net/send/abc123',
      keys: { p256dh: 'BNc…', auth: 'tBH…' },
    },
  });
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

export const NativePushSubscription = z
  .looseObject({
    endpoint: z.string().regex(/^nativepush:\/\/.+/, 'expected nativepush://<device token>'),
    kind: z.literal('nativepush'),
    platform: z.string().min(1).openapi({ example: 'ios' }),
    token: z.string().min(1).openapi({ description: 'The device token' }),
  })
  // The endpoint is the dedup key, so it must carry the same token.
  .superRefine((sub, ctx) => {
    if (sub.endpoint !== `nativepush://${sub.token}`) {
      ctx.addIssue({
        code: 'custom',
        path: ['endpoint'],
        message: 'endpoint must be nativepush://<token>',
      });
    }
  })
  // Not a named component on purpose: zod-to-openapi then writes the union without an
  // OpenAPI discriminator, which would be wrong here, since a browser's subscription
  // carries no `kind`. The endpoint's scheme (https or nativepush) tells the two apart.
  .openapi({
    description: 'A native mobile device registration',
    example: {
      endpoint: 'nativepush://a1b2c3',
      kind: 'nativepush',
      platform: 'ios',
      token: 'a1b2c3',
    },
  });
export type NativePushSubscription = z.infer<typeof NativePushSubscription>;

// Discriminating on `kind` (absent on Web Push) makes errors name the field of
// the kind the client meant instead of a bare "no union member matched".
export const PushSubscription = z
  .discriminatedUnion('kind', [NativePushSubscription, WebPushSubscription])
  .openapi('PushSubscription');
export type PushSubscription = z.infer<typeof PushSubscription>;
