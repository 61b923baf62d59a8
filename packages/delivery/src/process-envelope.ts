import { DeliveryEnvelope } from '@podcast/contracts';
import { type DeliverDeps, type DeliveryResult, deliverWithRetries } from './deliver-envelope.js';
import type { SendOutcome } from './send-outcome.js';
import type { NativePushSender } from './senders/native-push-sender.js';
import type { EmailSender } from './senders/smtp-sender.js';
import type { WebPushSender } from './senders/web-push-sender.js';
import { type EmailRenderer, RenderError } from './templates/email-template.js';
import { renderPush } from './templates/push-template.js';

/** What the worker can send with; a channel or push kind left unset is not configured. */
export interface Senders {
  appBaseUrl: string;
  email?: { render: EmailRenderer; send: EmailSender };
  webPush?: WebPushSender;
  nativePush?: NativePushSender;
}

export interface Processed {
  id: string;
  result: DeliveryResult;
}

const idOf = (raw: unknown) => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 500 ? id : undefined;
};

function invalid(raw: unknown, issues: { path: PropertyKey[]; message: string }[]) {
  const id = idOf(raw);
  const detail = issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'envelope'}: ${issue.message}`)
    .join('; ');
  return id === undefined ? undefined : failed(id, `invalid envelope (${detail})`);
}

const failed = (id: string, detail: string): Processed => ({
  id,
  result: { status: 'failed', detail, attempts: 0 },
});

/** The one send to try (and retry) for an envelope, or a final answer without sending. */
function plan(envelope: DeliveryEnvelope, senders: Senders): (() => Promise<SendOutcome>) | string {
  const { recipient } = envelope;
  if ('email' in recipient) {
    if (senders.email === undefined) {
      return 'email is not configured on this worker';
    }
    if (!recipient.email_verified) {
      return 'email address not verified: never sent to';
    }
    const { render, send } = senders.email;
    const email = render.render(envelope);
    return () => send({ envelopeId: envelope.id, to: recipient.email, email });
  }
  const push = renderPush(envelope, senders.appBaseUrl);
  const subscription = recipient.push_subscription;
  if (subscription.kind === 'nativepush') {
    const send = senders.nativePush;
    return send ? () => send(subscription, push) : 'native push is not configured on this worker';
  }
  const send = senders.webPush;
  return send ? () => send(subscription, push) : 'Web Push is not configured on this worker';
}

/**
 * One pulled envelope to its terminal status: validated against the frozen
 * contract (an unknown template or schema_version is failed with the
 * reason, never sent half-rendered), rendered, then sent with retries.
 * Undefined for a body without a usable id (nothing to report against).
 */
export async function processEnvelope(
  raw: unknown,
  senders: Senders,
  deps: DeliverDeps,
): Promise<Processed | undefined> {
  const parsed = DeliveryEnvelope.safeParse(raw);
  if (!parsed.success) {
    return invalid(raw, parsed.error.issues);
  }
  const envelope = parsed.data;
  let send: ReturnType<typeof plan>;
  try {
    send = plan(envelope, senders);
  } catch (err) {
    if (err instanceof RenderError) {
      return failed(envelope.id, `render: ${err.message}`);
    }
    throw err;
  }
  if (typeof send === 'string') {
    return failed(envelope.id, send);
  }
  return { id: envelope.id, result: await deliverWithRetries(send, deps) };
}
