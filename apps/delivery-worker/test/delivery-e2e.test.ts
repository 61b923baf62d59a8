import { createECDH } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CommsRecordInput } from '@podcast/contracts';
import { createCorpusRegistry, type EpisodeRecord } from '@podcast/corpus';
import {
  createDatabase,
  listOutboxOf,
  putPlayback,
  savePushSubscription,
  subscribe,
  upsertUserFromProvider,
} from '@podcast/db';
import { readComms, replaceComms, tickAt } from '@podcast/notifications';
import { copySampleCorpus, createTestDatabase } from '@podcast/testing';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { startWorker } from '../src/build-worker.js';
import { loadWorkerConfig } from '../src/env.js';
import { startConsumerApi } from './support/consumer-seam.js';
import { pushClientKeys, startPushReceiver, startSmtpReceiver } from './support/receivers.js';

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

function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

describe('delivery worker end to end: scheduler → outbox → seam → receivers → status', () => {
  const corpus = copySampleCorpus('delivery-e2e');
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let seam: Awaited<ReturnType<typeof startConsumerApi>>;
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let push: Awaited<ReturnType<typeof startPushReceiver>>;
  let episode: EpisodeRecord;
  const subscribers = new Map<string, ReturnType<typeof pushClientKeys>>();
  const vapid = vapidKeys();
  const now = new Date();
  const hour = now.getUTCHours();
  const users: Record<string, string> = {};

  async function user(name: string, comms: CommsRecordInput) {
    const row = await upsertUserFromProvider(
      db.db,
      { provider: 'test', subject: name, email: `${name}@example.com`, name },
      now,
    );
    await replaceComms({ db: db.db, now: () => now, mintRef: () => `ref-${name}` }, row.id, comms);
    users[name] = row.id;
    return row.id;
  }

  async function pushUser(name: string, route: string) {
    const id = await user(name, {
      types: { digest: { push: true } },
      digest_schedule: { cadence: 'daily', hour },
    });
    await subscribe(db.db, id, episode.feed_id, now);
    const keys = pushClientKeys();
    subscribers.set(route, keys);
    const endpoint = `${push.origin}${route}`;
    await savePushSubscription(db.db, id, endpoint, { endpoint, keys: keys.keys }, now);
  }

  async function recapUser(name: string) {
    const id = await user(name, {
      types: { daily_recap: { email: true } },
      daily_recap_schedule: { hour },
    });
    await putPlayback(db.db, id, episode.slug, (episode.duration_seconds as number) * 0.95, now);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    seam = await startConsumerApi({
      DATABASE_URL: database.url,
      CORPUS_DIR: corpus.corpusDir,
      INTERNAL_OUTBOX_TOKEN: TOKEN,
    });
    db = await createDatabase({ url: database.url });
    smtp = await startSmtpReceiver(new Set(['rex@example.com']));
    push = await startPushReceiver(subscribers, new Set(['/push/gus']));
    const registry = createCorpusRegistry({ logger: silent, watch: false });
    episode = (await registry.get(corpus.corpusDir)).episodes.find(
      (e) => e.duration_seconds && e.publish_date,
    ) as EpisodeRecord;
    await recapUser('maya');
    await recapUser('rex');
    await pushUser('pat', '/push/pat');
    await pushUser('gus', '/push/gus');
    // The real scheduler, at the top of this hour: everyone's slot.
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
    const tick = await tickAt(
      { db: db.db, corpus: registry, corpusDir: corpus.corpusDir, logger: silent, now: () => now },
      at,
    );
    registry.close();
    expect(tick).toMatchObject({ ran: true, enqueued: 4 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([seam?.stop(), smtp?.close(), push?.close()]);
    await db?.close();
    await database?.close();
    corpus.remove();
  });

  async function statuses() {
    const rows = await Promise.all(
      Object.entries(users).map(
        async ([name, id]) => [name, await listOutboxOf(db.db, id)] as const,
      ),
    );
    return Object.fromEntries(rows.map(([name, list]) => [name, list.map((r) => r.status)]));
  }

  it('delivers email and Web Push, bounces a gone subscription, and fails a refused mailbox after retries', async () => {
    const caFile = path.join(corpus.dir, 'push-ca.pem');
    writeFileSync(caFile, push.cert);
    const config = loadWorkerConfig({
      PODCAST_INTERNAL_OUTBOX_TOKEN: TOKEN,
      PODCAST_APP_BASE_URL: seam.url,
      PODCAST_SMTP_URL: smtp.url,
      PODCAST_EMAIL_FROM: 'Podcast <digest@podcast.test>',
      PODCAST_VAPID_PUBLIC_KEY: vapid.publicKey,
      PODCAST_VAPID_PRIVATE_KEY: vapid.privateKey,
      PODCAST_VAPID_SUBJECT: 'mailto:ops@podcast.test',
      PODCAST_PUSH_CA_FILE: caFile,
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
    const unsubscribe = `${seam.url}/api/app/comms/unsubscribe?ref=ref-maya&type=daily_recap`;
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: unsubscribe } });
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(mail.subject).toBe('Your daily recap');
    expect(mail.text).toContain(episode.title);
    expect(mail.text).toContain(`${seam.url}/episodes/${episode.slug}`);
    expect(mail.html).toContain(escapeHtml(episode.title));
    expect(mail.html).toContain(unsubscribe.replace(/&/g, '&amp;').replace(/=/g, '&#x3D;'));
    // Three tries at the refused mailbox, then failed with the last SMTP answer.
    expect(smtp.rcptAttempts.get('rex@example.com')).toBe(3);
    const [rex] = await listOutboxOf(db.db, users.rex as string);
    expect(JSON.stringify(rex)).not.toContain('maya');

    // Web Push: decrypted with the subscriber's keys, VAPID JWT for this push service.
    expect(push.errors).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [pat] = push.received;
    expect(pat?.path).toBe('/push/pat');
    expect(pat?.payload).toMatchObject({
      tag: expect.stringMatching(/^nudg_/),
      url: expect.stringContaining(`${seam.url}/`),
    });
    expect(pat?.vapidKey).toBe(vapid.publicKey);
    expect(pat?.jwtClaims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@podcast.test' });
    expect(Number(pat?.jwtClaims.exp)).toBeGreaterThan(Date.now() / 1000);

    // A 410 bounced: the application switched push off for gus, and only for gus.
    const gus = await readComms(db.db, users.gus as string);
    const patComms = await readComms(db.db, users.pat as string);
    expect(gus.types.digest.push).toBe(false);
    expect(patComms.types.digest.push).toBe(true);
  }, 60_000);
});
