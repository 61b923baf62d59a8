import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createWebPushSender, VAPID_RENEW_SECONDS, VAPID_TOKEN_SECONDS } from '@podcast/delivery';
import { selfSignedCert } from '@podcast/testing';
import { pushClientKeys, startPushReceiver, vapidKeys } from './support/receivers.js';

const push = (n: number) => ({
  title: `t${n}`,
  body: 'b',
  url: 'https://app.example/x',
  tag: `nudg_${n}`,
});

describe('Web Push: one VAPID token per push service, made again before it expires', () => {
  const tls = selfSignedCert();
  const subscriber = pushClientKeys();
  const subscribers = new Map([['/push/pat', subscriber]]);
  let first: Awaited<ReturnType<typeof startPushReceiver>>;
  let second: Awaited<ReturnType<typeof startPushReceiver>>;

  beforeAll(async () => {
    first = await startPushReceiver(tls, subscribers);
    second = await startPushReceiver(tls, subscribers);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('reuses a service token until an hour before its expiry, per origin, each verified by the receiver', async () => {
    const vapid = { subject: 'mailto:ops@podcast.test', ...vapidKeys() };
    // Whole seconds from the real clock: web-push refuses an expiry over 24 h past it.
    const startS = Math.floor(Date.now() / 1000);
    let nowMs = startS * 1000;
    const send = createWebPushSender({
      vapid,
      allowedHosts: ['127.0.0.1'],
      ca: tls.cert,
      now: () => nowMs,
    });
    const to = (origin: string) => ({ endpoint: `${origin}/push/pat`, keys: subscriber.keys });
    const sent = async (origin: string, n: number) =>
      expect(await send(to(origin), push(n))).toEqual({ kind: 'delivered' });

    await sent(first.origin, 1);
    await sent(first.origin, 2);
    await sent(second.origin, 3);
    // Just before the renewal point the token is still the first one.
    nowMs += (VAPID_TOKEN_SECONDS - VAPID_RENEW_SECONDS - 1) * 1000;
    await sent(first.origin, 4);
    // Past it, a new one with a later expiry.
    nowMs += 2_000;
    await sent(first.origin, 5);

    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    const [a, b, d, e] = first.received;
    const [c] = second.received;
    expect(first.received.map((r) => (r.payload as { title: string }).title)).toEqual([
      't1',
      't2',
      't4',
      't5',
    ]);
    expect(a?.jwtClaims).toEqual({
      aud: first.origin,
      exp: startS + VAPID_TOKEN_SECONDS,
      sub: vapid.subject,
    });
    expect(b?.jwt).toBe(a?.jwt);
    expect(d?.jwt).toBe(a?.jwt);
    expect(c?.jwtClaims).toMatchObject({ aud: second.origin, exp: startS + VAPID_TOKEN_SECONDS });
    expect(c?.jwt).not.toBe(a?.jwt);
    expect(e?.jwt).not.toBe(a?.jwt);
    expect(e?.jwtClaims).toMatchObject({
      aud: first.origin,
      exp: startS + 2 * VAPID_TOKEN_SECONDS - VAPID_RENEW_SECONDS + 1,
    });
  });
});
