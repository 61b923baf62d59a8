import { CommsRecord, type CommsRecordInput, type DeliveryEnvelope } from '@podcast/contracts';
import { enqueueEnvelopes, type OutboxInsert, upsertUserFromProvider } from '@podcast/db';
import { outboxRowOf, replaceComms } from '@podcast/notifications';
import type { ConsumerCtx } from '../../src/context.js';
import { commsDeps } from '../../src/routes/comms/comms-deps.js';

export const OUTBOX_TOKEN = 'an-internal-outbox-token-for-tests';

/** A stored user with a saved consent record. */
export async function userWithComms(ctx: ConsumerCtx, subject: string, comms: CommsRecordInput) {
  const user = await upsertUserFromProvider(
    ctx.db,
    {
      provider: 'test',
      subject,
      email: `${subject}@example.com`,
      email_verified: true,
      name: subject,
    },
    new Date(),
  );
  const record = await replaceComms(commsDeps(ctx), user.id, comms);
  return { user, record };
}

export interface EnvelopeOptions {
  userId: string;
  day: string;
  channel?: 'email' | 'push';
  createdAt: string;
  notBefore?: string;
  expiresAt?: string;
  endpoint?: string;
}

/** The W3C subscription of a Web Push endpoint, or the native one of `nativepush://<token>`. */
function subscriptionOf(endpoint: string) {
  const token = endpoint.startsWith('nativepush://') ? endpoint.slice('nativepush://'.length) : '';
  return token
    ? { endpoint, kind: 'nativepush' as const, platform: 'ios', token }
    : { endpoint, keys: { p256dh: 'k', auth: 'a' } };
}

/** A valid daily-recap (email) or resurface-nudge (push) envelope as an outbox row. */
export function envelopeRow(options: EnvelopeOptions): OutboxInsert {
  const isPush = options.channel === 'push';
  const id = isPush
    ? `nudg_${options.day}-0000abcd_${options.userId}`
    : `drcp_${options.day}_${options.userId}`;
  const notBefore = options.notBefore ?? options.createdAt;
  const envelope: DeliveryEnvelope = {
    schema_version: '1',
    id,
    user_id: options.userId,
    channel: isPush ? 'push' : 'email',
    type: isPush ? 'digest' : 'daily_recap',
    template: isPush ? 'resurface-nudge.v1' : 'daily-recap.v1',
    recipient: isPush
      ? { push_subscription: subscriptionOf(options.endpoint ?? 'https://push.example.net/a') }
      : { email: 'someone@example.com', email_verified: true },
    consent_snapshot: { digest_enabled: true, cadence: 'weekly', unsubscribe_ref: null },
    payload: {
      sections: [
        {
          kind: 'finished_today',
          title: 'Finished',
          items: [{ title: 'An episode', graph_refs: ['topic:x'], deep_link: '/episodes/x' }],
        },
      ],
    },
    not_before: notBefore,
    expires_at: options.expiresAt ?? new Date(Date.parse(notBefore) + 86_400_000).toISOString(),
    created_at: options.createdAt,
  };
  return outboxRowOf(envelope);
}

export async function enqueue(ctx: ConsumerCtx, rows: OutboxInsert[]): Promise<number> {
  return enqueueEnvelopes(ctx.db, rows);
}

export const ALL_ON = CommsRecord.parse({
  types: { digest: { email: true, push: true }, daily_recap: { email: true, push: true } },
});
