import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listOutboxOf, savePushSubscription, subscribe } from '@podcast/db';
import { readComms } from '@podcast/notifications';
import { copySampleCorpus, selfSignedCert } from '@podcast/testing';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { startWorker } from '../src/build-worker.js';
import { loadWorkerConfig } from '../src/env.js';

import {
  pushClientKeys,
  startNativePushReceiver,
  startPushReceiver,
  startSmtpReceiver,
  vapidKeys,
} from './support/receivers.js';
import { type SeamStack, startSeamStack } from './support/seam-stack.js';

const TOKEN = 'an-internal-outbox-token-for-delivery-tests';
const silent = pino({ level: 'silent' });
const TERMINAL = new Set(['delivered', 'bounced', 'complaint', 'suppressed', 'failed']);

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

describe('delivery worker end to end: scheduler → outbox → seam → receivers → status', () => {
  const corpus = copySampleCorpus('delivery-e2e');
  let stack: SeamStack;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let push: Awaited<ReturnType<typeof startPushReceiver>>;
  let native: Awaited<ReturnType<typeof startNativePushReceiver>>;
  const tls = selfSignedCert();
  const provider = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const providerKey = provider.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const subscribers = new Map<string, ReturnType<typeof pushClientKeys>>();
  const vapid = vapidKeys();
  const users: Record<string, string> = {};

  async function pushUser(
    name: string,
    subscription: (endpoint: string) => Record<string, unknown>,
    endpoint: string,
  ) {
    const id = await stack.user(name, {
      types: { digest: { push: true } },
      digest_schedule: { cadence: 'daily', hour: stack.hour },
    });
    await subscribe(stack.db, id, stack.episode.feed_id, stack.now);
    await savePushSubscription(stack.db, id, endpoint, subscription(endpoint), stack.now);
    users[name] = id;
  }

  function webPushUser(name: string, route: string) {
    const keys = pushClientKeys();
    subscribers.set(route, keys);
    return pushUser(name, (endpoint) => ({ endpoint, keys: keys.keys }), `${push.origin}${route}`);
  }

  function nativeUser(name: string, token: string) {
    const sub = (endpoint: string) => ({ endpoint, kind: 'nativepush', platform: 'ios', token });
    return pushUser(name, sub, `nativepush://${token}`);
  }

  async function recapUser(name: string) {
    const id = await stack.user(name, {
      types: { daily_recap: { email: true } },
      daily_recap_schedule: { hour: stack.hour },
    });
    await stack.finish(id);
    users[name] = id;
  }

  beforeAll(async () => {
    stack = await startSeamStack(corpus.corpusDir, { INTERNAL_OUTBOX_TOKEN: TOKEN });
    smtp = await startSmtpReceiver(new Set(['rex@example.com']));
    push = await startPushReceiver(tls, subscribers, new Set(['/push/gus']));
    native = await startNativePushReceiver(
      tls,
      {
        publicKeyPem: provider.publicKey.export({ type: 'spki', format: 'pem' }) as string,
        keyId: 'KEY1234567',
      },
      new Set(['tok-ned']),
    );
    await recapUser('maya');
    await recapUser('rex');
    await webPushUser('pat', '/push/pat');
    await webPushUser('gus', '/push/gus');
    await nativeUser('nia', 'tok-nia');
    await nativeUser('ned', 'tok-ned');
    expect(await stack.tick()).toMatchObject({ ran: true, enqueued: 6 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stack?.close(), smtp?.close(), push?.close(), native?.close()]);
    corpus.remove();
  });

  async function statuses() {
    const rows = await Promise.all(
      Object.entries(users).map(
        async ([name, id]) => [name, await listOutboxOf(stack.db, id)] as const,
      ),
    );
    return Object.fromEntries(rows.map(([name, list]) => [name, list.map((r) => r.status)]));
  }

  it('delivers email, Web Push and native push, bounces gone subscriptions, and fails a refused mailbox after retries', async () => {
    const caFile = path.join(corpus.dir, 'push-ca.pem');
    writeFileSync(caFile, tls.cert);
    const config = loadWorkerConfig({
      PODCAST_INTERNAL_OUTBOX_TOKEN: TOKEN,
      PODCAST_APP_BASE_URL: stack.seam.url,
      PODCAST_SMTP_URL: smtp.url,
      PODCAST_EMAIL_FROM: 'Podcast <digest@podcast.test>',
      PODCAST_VAPID_PUBLIC_KEY: vapid.publicKey,
      PODCAST_VAPID_PRIVATE_KEY: vapid.privateKey,
      PODCAST_VAPID_SUBJECT: 'mailto:ops@podcast.test',
      PODCAST_PUSH_CA_FILE: caFile,
      PODCAST_APNS_KEY: providerKey,
      PODCAST_APNS_KEY_ID: 'KEY1234567',
      PODCAST_APNS_TEAM_ID: 'TEAM123456',
      PODCAST_APNS_TOPIC: 'app.podcast.test',
      PODCAST_APNS_ORIGIN: native.origin,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      PODCAST_METRICS_PORT: '0',
      PODCAST_RETRY_ATTEMPTS: '3',
      PODCAST_RETRY_BASE_MS: '20',
      PODCAST_IDLE_MS: '100',
    });
    const worker = await startWorker(config, silent);
    try {
      expect(worker.channels).toEqual(['email', 'push']);
      const until = Date.now() + 30_000;
      let seen = await statuses();
      while (
        Object.values(seen).some((list) => list.some((s) => !TERMINAL.has(s))) &&
        Date.now() < until
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await statuses();
      }
      expect(seen).toEqual({
        maya: ['delivered'],
        rex: ['failed'],
        pat: ['delivered'],
        gus: ['bounced'],
        nia: ['delivered'],
        ned: ['bounced'],
      });
      const metrics = await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text();
      expect(metrics).toMatch(/delivery_envelopes_total\{channel="email",status="delivered"\} 1/);
      expect(metrics).toMatch(/delivery_retries_total\{channel="email"\} 2/);
      const health = await (await fetch(`http://127.0.0.1:${worker.port}/healthz`)).json();
      expect(health).toMatchObject({
        status: 'ok',
        tenant: 'development',
        channels: ['email', 'push'],
      });
    } finally {
      await worker.stop();
    }

    // Email: both parts, escaped values, the one-click unsubscribe headers.
    expect(smtp.mails).toHaveLength(1);
    const mail = await simpleParser(smtp.mails[0]?.raw ?? '');
    expect(smtp.mails[0]?.to).toEqual(['maya@example.com']);
    const unsubscribe = `${stack.seam.url}/api/app/comms/unsubscribe?ref=ref-maya&type=daily_recap`;
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: unsubscribe } });
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(mail.subject).toBe('Your daily recap');
    expect(mail.text).toContain(stack.episode.title);
    expect(mail.text).toContain(`${stack.seam.url}/episodes/${stack.episode.slug}`);
    expect(mail.html).toContain(escapeHtml(stack.episode.title));
    expect(mail.html).toContain(unsubscribe.replace(/&/g, '&amp;').replace(/=/g, '&#x3D;'));
    // Three tries at the refused mailbox, then failed with the last SMTP answer.
    expect(smtp.rcptAttempts.get('rex@example.com')).toBe(3);
    const [rex] = await listOutboxOf(stack.db, users.rex as string);
    expect(JSON.stringify(rex)).not.toContain('maya');

    // Web Push: decrypted with the subscriber's keys, VAPID JWT for this push service.
    expect(push.errors).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [pat] = push.received;
    expect(pat?.path).toBe('/push/pat');
    expect(pat?.payload).toMatchObject({
      tag: expect.stringMatching(/^nudg_/),
      url: expect.stringContaining(`${stack.seam.url}/`),
    });
    expect(pat?.vapidKey).toBe(vapid.publicKey);
    expect(pat?.jwtClaims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@podcast.test' });
    expect(Number(pat?.jwtClaims.exp)).toBeGreaterThan(Date.now() / 1000);

    // Native push: HTTP/2, a provider JWT for our team, the alert and the deep link.
    expect(native.errors).toEqual([]);
    expect(native.received).toHaveLength(1);
    const [nia] = native.received;
    expect(nia).toMatchObject({ token: 'tok-nia', topic: 'app.podcast.test', pushType: 'alert' });
    expect(nia?.claims).toMatchObject({ iss: 'TEAM123456' });
    expect(nia?.body.aps?.alert?.title).toEqual(expect.any(String));
    expect(nia?.body.url).toEqual(expect.stringContaining(`${stack.seam.url}/`));
    expect((await readComms(stack.db, users.ned as string)).types.digest.push).toBe(false);

    // A 410 bounced: the application switched push off for gus, and only for gus.
    const gus = await readComms(stack.db, users.gus as string);
    const patComms = await readComms(stack.db, users.pat as string);
    expect(gus.types.digest.push).toBe(false);
    expect(patComms.types.digest.push).toBe(true);
  }, 60_000);
});
