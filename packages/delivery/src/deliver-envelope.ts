import type { TerminalEnvelopeStatus } from '@podcast/contracts';
import { backoffMs, type RetryPolicy } from './retry-policy.js';
import { reasonOf, type SendOutcome, statusOf } from './send-outcome.js';

export interface DeliverDeps {
  retry: RetryPolicy;
  /** Resolves after `ms`, or early (rejecting) when the worker stops. */
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Called before each retry, for metrics and logs. */
  onRetry?: (attempt: number, detail: string) => void;
}

export interface DeliveryResult {
  status: TerminalEnvelopeStatus;
  detail?: string;
  attempts: number;
}

/**
 * Sends with retries: transient outcomes (and thrown errors) are tried again
 * after a jittered backoff until the policy's attempts are spent, then
 * reported failed with the last reason.
 */
export async function deliverWithRetries(
  send: () => Promise<SendOutcome>,
  deps: DeliverDeps,
): Promise<DeliveryResult> {
  let last = 'no attempt made';
  for (let attempt = 1; attempt <= deps.retry.attempts; attempt++) {
    const outcome = await send().catch(
      (err: unknown): SendOutcome => ({ kind: 'retry', detail: reasonOf(err) }),
    );
    if (outcome.kind !== 'retry') {
      return { ...statusOf(outcome), attempts: attempt };
    }
    last = outcome.detail;
    if (attempt < deps.retry.attempts) {
      deps.onRetry?.(attempt, last);
      await deps.sleep(backoffMs(deps.retry, attempt, deps.random));
    }
  }
  return {
    status: 'failed',
    detail: `gave up after ${deps.retry.attempts} attempts: ${last}`,
    attempts: deps.retry.attempts,
  };
}
