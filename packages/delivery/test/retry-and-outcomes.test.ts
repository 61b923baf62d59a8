import { describe, expect, it } from '@jest/globals';
import {
  backoffMs,
  createWebPushSender,
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

describe('Web Push endpoints come from users', () => {
  const vapid = { subject: 'mailto:ops@podcast.test', publicKey: 'BPub', privateKey: 'priv' };
  const push = { title: 't', body: 'b', url: 'https://app.example/x', tag: 'nudg_x' };
  const keys = { p256dh: 'k', auth: 'a' };

  it.each([
    ['https://127.0.0.1:8443/push', /loopback/],
    ['https://10.0.0.7/push', /private/],
    ['https://[::1]/push', /loopback/],
  ])(
    'refuses %s unless OUTBOUND_ALLOWED_HOSTS lists it, without connecting',
    async (endpoint, why) => {
      const send = createWebPushSender({ vapid, allowedHosts: [] });
      const outcome = await send({ endpoint, keys }, push);
      expect(outcome.kind).toBe('failed');
      expect(outcome.kind === 'failed' && outcome.detail).toMatch(why);
    },
  );

  it('refuses a name resolving to a private address, and a non-https endpoint', async () => {
    const send = createWebPushSender({
      vapid,
      allowedHosts: [],
      resolveHost: async () => [{ address: '192.168.1.20', family: 4 }],
    });
    expect(await send({ endpoint: 'https://push.example/x', keys }, push)).toMatchObject({
      kind: 'failed',
      detail: expect.stringMatching(/push endpoint refused/),
    });
    expect(await send({ endpoint: 'http://push.example/x', keys }, push)).toMatchObject({
      kind: 'failed',
      detail: 'push endpoint is not https',
    });
  });
});
