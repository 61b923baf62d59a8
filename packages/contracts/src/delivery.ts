import { NotificationType } from './comms.js';
import { DeliveryPayload } from './delivery-payload.js';
import { PushSubscription } from './push-subscription.js';
import { IsoDateTime } from './wire-formats.js';
import { z } from './zod.js';

/**
 * The delivery envelope and the internal outbox seam (spec 02). The envelope
 * contract is frozen at schema_version "1"; add a version, never a breaking
 * change.
 */

export const DeliveryChannel = z.enum(['email', 'push']).openapi('DeliveryChannel');
export type DeliveryChannel = z.infer<typeof DeliveryChannel>;

/** Each template fixes its type, channel and id prefix (spec 02 "Templates"). */
export const DELIVERY_TEMPLATES = {
  'your-week-digest.v1': { type: 'digest', channel: 'email', id_prefix: 'dgst' },
  'resurface-nudge.v1': { type: 'digest', channel: 'push', id_prefix: 'nudg' },
  'daily-recap.v1': { type: 'daily_recap', channel: 'email', id_prefix: 'drcp' },
  'recommendations-digest.v1': { type: 'digest', channel: 'email', id_prefix: 'rcmd' },
} as const satisfies Record<
  string,
  { type: NotificationType; channel: DeliveryChannel; id_prefix: string }
>;

export const DeliveryTemplate = z
  .enum([
    'your-week-digest.v1',
    'resurface-nudge.v1',
    'daily-recap.v1',
    'recommendations-digest.v1',
  ])
  .openapi('DeliveryTemplate');
export type DeliveryTemplate = z.infer<typeof DeliveryTemplate>;

// The period part of an id, per prefix. dgst: ISO week (2026W47) or a day for
// the daily cadence; drcp: the user's local day; rcmd: the month; nudg: the
// day plus 8 hex of the subscription endpoint hash (one per subscription).
const PERIOD_FORMS: Record<string, RegExp> = {
  dgst: /^(\d{4}W\d{2}|\d{8})$/,
  drcp: /^\d{8}$/,
  rcmd: /^\d{6}$/,
  nudg: /^\d{8}-[0-9a-f]{8}$/,
};
const ENVELOPE_ID = /^(dgst|drcp|rcmd|nudg)_([0-9A-Za-z-]+)_(.+)$/;

/** Builds the deterministic, period-keyed envelope id. */
export function envelopeId(template: DeliveryTemplate, period: string, userId: string): string {
  return `${DELIVERY_TEMPLATES[template].id_prefix}_${period}_${userId}`;
}

export const EmailRecipient = z
  .strictObject({ email: z.email(), email_verified: z.boolean() })
  .openapi('EmailRecipient');
export const PushRecipient = z
  .strictObject({ push_subscription: PushSubscription })
  .openapi('PushRecipient');

export const ConsentSnapshot = z
  .looseObject({
    digest_enabled: z.boolean(),
    cadence: z.enum(['weekly', 'daily']),
    unsubscribe_ref: z.string().nullable(),
  })
  .openapi('ConsentSnapshot', { description: 'Informational; live consent is re-checked at pull' });

type EnvelopeShape = z.infer<typeof EnvelopeShape>;
const EnvelopeShape = z.object({
  schema_version: z.literal('1'),
  id: z.string().regex(ENVELOPE_ID, 'expected <dgst|drcp|rcmd|nudg>_<period>_<user_id>').openapi({
    example: 'drcp_20261120_u_5f2c0d9a7b1e4c3d2a1b0f9e',
  }),
  user_id: z.string().min(1),
  channel: DeliveryChannel,
  type: NotificationType,
  template: DeliveryTemplate,
  recipient: z.union([EmailRecipient, PushRecipient]),
  consent_snapshot: ConsentSnapshot,
  payload: DeliveryPayload,
  not_before: IsoDateTime,
  expires_at: IsoDateTime,
  created_at: IsoDateTime,
});

function envelopeFailures(env: EnvelopeShape): [boolean, string, string][] {
  const spec = DELIVERY_TEMPLATES[env.template];
  const failures: [boolean, string, string][] = [
    [env.channel !== spec.channel, 'channel', `${env.template} is sent by ${spec.channel}`],
    [env.type !== spec.type, 'type', `${env.template} is a ${spec.type} notification`],
    [
      (env.channel === 'email') !== 'email' in env.recipient,
      'recipient',
      env.channel === 'email' ? 'expected {email, email_verified}' : 'expected {push_subscription}',
    ],
    [
      Date.parse(env.expires_at) <= Date.parse(env.not_before),
      'expires_at',
      'must be after not_before',
    ],
  ];
  const match = ENVELOPE_ID.exec(env.id);
  if (match) {
    const [, prefix = '', period = '', owner = ''] = match;
    failures.push(
      [prefix !== spec.id_prefix, 'id', `${env.template} ids start with ${spec.id_prefix}_`],
      [!PERIOD_FORMS[prefix]?.test(period), 'id', `period "${period}" does not fit ${prefix}_ ids`],
      [owner !== env.user_id, 'id', 'the id must end with _<user_id>'],
    );
  }
  return failures;
}

// Cross-field rules: the template fixes channel, type and id prefix; the id
// carries the user; the recipient matches the channel; the window is not empty.
export const DeliveryEnvelope = EnvelopeShape.superRefine((env, ctx) => {
  for (const [failed, path, message] of envelopeFailures(env)) {
    if (failed) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  }
}).openapi('DeliveryEnvelope', {
  description: 'One notification to deliver; structured, never HTML',
});
export type DeliveryEnvelope = z.infer<typeof DeliveryEnvelope>;

export const EnvelopeStatus = z
  .enum(['pending', 'delivered', 'bounced', 'complaint', 'suppressed', 'failed'])
  .openapi('EnvelopeStatus');
export type EnvelopeStatus = z.infer<typeof EnvelopeStatus>;

export const TerminalEnvelopeStatus = EnvelopeStatus.exclude(['pending']).openapi(
  'TerminalEnvelopeStatus',
);
export type TerminalEnvelopeStatus = z.infer<typeof TerminalEnvelopeStatus>;

export const OutboxStatusBody = z
  .object({ status: TerminalEnvelopeStatus, detail: z.string().max(2000).optional() })
  .openapi('OutboxStatusBody', {
    description:
      'A terminal report from the worker; repeats are no-ops, except that a later bounced or ' +
      'complaint (relay feedback) replaces delivered',
  });
export type OutboxStatusBody = z.infer<typeof OutboxStatusBody>;

export const OutboxStatusResponse = z
  .object({ id: z.string(), status: EnvelopeStatus })
  .openapi('OutboxStatusResponse', {
    description: 'The stored status, which a repeat report does not change',
  });
export type OutboxStatusResponse = z.infer<typeof OutboxStatusResponse>;

export const OutboxPendingResponse = z
  .object({ envelopes: z.array(DeliveryEnvelope) })
  .openapi('OutboxPendingResponse', { description: 'Pending envelopes, oldest first' });
export type OutboxPendingResponse = z.infer<typeof OutboxPendingResponse>;
