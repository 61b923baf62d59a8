import { describe, expect, it } from '@jest/globals';
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  deliverWithRetries,
  nativePushOutcome,
  type SendOutcome,
  webPushOutcome,
} from '../src/index.js';

describe('retries', () => {
  it('waits a jittered, doubling, capped time between tries', () => {
    const policy = { attempts: 5, baseMs: 100, maxMs: 500 };
    expect([1, 2, 3, 4].map((n) => backoffMs(policy, n, () => 0.999))).toEqual([99, 199, 399, 499]);
    expect(backoffMs(policy, 3, () => 0)).toBe(0);
    expect(DEFAULT_RETRY_POLICY.attempts).toBe(5);
  });

  it('retries transient outcomes and thrown errors, then reports failed with the last reason', async () => {
    const waits: number[] = [];
    const retried: number[] = [];
    const outcomes: SendOutcome[] = [
      { kind: 'retry', detail: 'push service 503' },
      { kind: 'retry', detail: 'push service 429' },
    ];
    let calls = 0;
    const deps = {
      retry: { attempts: 3, baseMs: 10, maxMs: 100 },
      sleep: async (ms: number) => {
        waits.push(ms);
      },
      random: () => 0.5,
      onRetry: (attempt: number) => retried.push(attempt),
    };
    const send = async (): Promise<SendOutcome> => {
      calls++;
      const next = outcomes.shift();
      if (next === undefined) {
        throw new Error('socket hang up\nstack');
      }
      return next;
    };
    expect(await deliverWithRetries(send, deps)).toEqual({
      status: 'failed',
      detail: 'gave up after 3 attempts: socket hang up',
      attempts: 3,
    });
    expect(calls).toBe(3);
    expect(waits).toEqual([5, 10]);
    expect(retried).toEqual([1, 2]);
    const delivered = await deliverWithRetries(async () => ({ kind: 'delivered' }), deps);
    expect(delivered).toEqual({ status: 'delivered', attempts: 1 });
    const bounced = await deliverWithRetries(
      async () => ({ kind: 'bounced', detail: 'gone' }),
      deps,
    );
    expect(bounced).toEqual({ status: 'bounced', detail: 'gone', attempts: 1 });
  });
});

describe('push service answers', () => {
  it.each([
    [201, 'delivered'],
    [404, 'bounced'],
    [410, 'bounced'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'failed'],
    [403, 'failed'],
    [413, 'failed'],
  ])('Web Push %i → %s', (status, kind) => {
    expect(webPushOutcome(status, 'x').kind).toBe(kind);
  });

  it.each([
    [200, undefined, 'delivered'],
    [410, 'Unregistered', 'bounced'],
    [400, 'BadDeviceToken', 'bounced'],
    [400, 'DeviceTokenNotForTopic', 'bounced'],
    [403, 'ExpiredProviderToken', 'retry'],
    [429, 'TooManyRequests', 'retry'],
    [503, 'ServiceUnavailable', 'retry'],
    [400, 'PayloadTooLarge', 'failed'],
    [403, 'InvalidProviderToken', 'failed'],
  ])('native push %i %s → %s', (status, reason, kind) => {
    expect(nativePushOutcome(status, reason).kind).toBe(kind);
  });
});
