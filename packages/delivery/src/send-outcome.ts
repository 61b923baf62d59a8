import type { TerminalEnvelopeStatus } from '@podcast/contracts';

/**
 * What one send attempt came to. `retry` is a transient failure (a 429 or
 * 5xx, a dropped connection, an SMTP refusal); everything else is final.
 */
export type SendOutcome =
  | { kind: 'delivered' }
  | { kind: 'bounced'; detail: string }
  | { kind: 'suppressed'; detail: string }
  | { kind: 'failed'; detail: string }
  | { kind: 'retry'; detail: string };

/** The terminal report of a final outcome. */
export function statusOf(outcome: Exclude<SendOutcome, { kind: 'retry' }>): {
  status: TerminalEnvelopeStatus;
  detail?: string;
} {
  return outcome.kind === 'delivered'
    ? { status: 'delivered' }
    : { status: outcome.kind, detail: outcome.detail };
}

/** A short, log-safe reason: the first line of an error message, capped. */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
