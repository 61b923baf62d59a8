import { reasonOf, type SendOutcome } from '../send-outcome.js';
import type { EmailSend, EmailSender } from './smtp-sender.js';

/**
 * The email relay's HTTP API, as this worker speaks it (a transactional email
 * service's usual shape; docs/decisions/delivery.md):
 *   POST {base}/messages  Authorization: Bearer <key>
 *        {from, to, subject, html, text, headers, metadata: {envelope_id}} → 2xx {id}
 *   GET  {base}/events?after=<cursor>&limit=<n>
 *        → {events: [{id, type, envelope_id, occurred_at}], next: <cursor>}
 */
export interface RelayOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** 2xx accepted; 429 and 5xx retried; any other answer is final. */
export function relayOutcome(status: number, body: string): SendOutcome {
  if (status >= 200 && status < 300) {
    return { kind: 'delivered' };
  }
  const detail = `relay ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  return status === 429 || status >= 500 ? { kind: 'retry', detail } : { kind: 'failed', detail };
}

export function createRelaySender(from: string, options: RelayOptions): EmailSender {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  return async ({ envelopeId, to, email }: EmailSend) => {
    let res: Response;
    try {
      res = await doFetch(`${base}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from,
          to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: {
            'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
          metadata: { envelope_id: envelopeId },
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      return { kind: 'retry', detail: `relay: ${reasonOf(err)}` };
    }
    return relayOutcome(res.status, await res.text().catch(() => ''));
  };
}

export interface RelayEvent {
  id: string;
  type: string;
  envelope_id?: string;
}

export interface RelayEventsPage {
  events: RelayEvent[];
  next: string | null;
}

/** One page of relay events after `cursor` (null: from the start). */
export async function fetchRelayEvents(
  options: RelayOptions,
  cursor: string | null,
  limit: number,
): Promise<RelayEventsPage> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { after: cursor } : {}) });
  const res = await (options.fetch ?? globalThis.fetch)(`${base}/events?${query}`, {
    headers: { authorization: `Bearer ${options.apiKey}` },
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`relay events answered ${res.status}`);
  }
  const body = (await res.json()) as { events?: unknown; next?: unknown };
  const events = Array.isArray(body.events) ? body.events : [];
  return {
    events: events.filter(
      (e): e is RelayEvent =>
        typeof e === 'object' &&
        e !== null &&
        typeof e.id === 'string' &&
        typeof e.type === 'string',
    ),
    next: typeof body.next === 'string' && body.next !== '' ? body.next : cursor,
  };
}
