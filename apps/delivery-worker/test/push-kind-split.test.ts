import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listOutboxOf, savePushSubscription, subscribe } from '@podcast/db';
import { copySampleCorpus, selfSignedCert } from '@podcast/testing';
import { pino } from 'pino';
import { startWorker } from '../src/build-worker.js';
import { loadWorkerConfig } from '../src/env.js';
import {
  pushClientKeys,
  startNativePushReceiver,
  startPushReceiver,
  vapidKeys,
} from './support/receivers.js';
import { type SeamStack, startSeamStack } from './support/seam-stack.js';

const TOKEN = 'an-internal-outbox-token-for-push-kind-tests';
const silent = pino({ level: 'silent' });

describe('push workers that each send one kind', () => {
  const corpus = copySampleCorpus('push-kind-split');
  const tls = selfSignedCert();
  const provider = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const subscriber = pushClientKeys();
  const vapid = vapidKeys();
  let stack: SeamStack;
  let push: Awaited<ReturnType<typeof startPushReceiver>>;
  let native: Awaited<ReturnType<typeof startNativePushReceiver>>;
  let webUser: string;
  let nativeUser: string;
  let common: Record<string, string>;

  async function pushUser(name: string, subscription: { endpoint: string }) {
    const id = await stack.user(name, {
      types: { digest: { push: true } },
      digest_schedule: { cadence: 'daily', hour: stack.hour },
    });
    await subscribe(stack.db, id, stack.episode.feed_id, stack.now);
    await savePushSubscription(stack.db, id, subscription.endpoint, subscription, stack.now);
    return id;
  }

  const statusOf = async (userId: string) => (await listOutboxOf(stack.db, userId))[0]?.status;

  async function until(check: () => Promise<boolean>) {
    const deadline = Date.now() + 20_000;
    while (!(await check()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    stack = await startSeamStack(corpus.corpusDir, { INTERNAL_OUTBOX_TOKEN: TOKEN });
    push = await startPushReceiver(tls, new Map([['/push/pia', subscriber]]));
    native = await startNativePushReceiver(tls, {
      publicKeyPem: provider.publicKey.export({ type: 'spki', format: 'pem' }) as string,
      keyId: 'KEY1234567',
    });
    webUser = await pushUser('pia', { endpoint: `${push.origin}/push/pia`, ...subscriber });
    nativeUser = await pushUser('nat', {
      endpoint: 'nativepush://tok-nat',
      kind: 'nativepush',
      platform: 'ios',
      token: 'tok-nat',
    } as { endpoint: string });
    expect(await stack.tick()).toMatchObject({ ran: true, enqueued: 2 });
    const caFile = path.join(corpus.dir, 'push-ca.pem');
    writeFileSync(caFile, tls.cert);
    common = {
      PODCAST_INTERNAL_OUTBOX_TOKEN: TOKEN,
      PODCAST_APP_BASE_URL: stack.seam.url,
      PODCAST_PUSH_CA_FILE: caFile,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      PODCAST_METRICS_PORT: '0',
      PODCAST_IDLE_MS: '50',
    };
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stack?.close(), push?.close(), native?.close()]);
    corpus.remove();
  });

  it('a Web Push worker leaves native envelopes pending for the native worker, which sends them', async () => {
    const webWorker = await startWorker(
      loadWorkerConfig({
        ...common,
        PODCAST_VAPID_PUBLIC_KEY: vapid.publicKey,
        PODCAST_VAPID_PRIVATE_KEY: vapid.privateKey,
        PODCAST_VAPID_SUBJECT: 'mailto:ops@podcast.test',
      }),
      silent,
    );
    try {
      await until(async () => (await statusOf(webUser)) === 'delivered');
      expect(await statusOf(webUser)).toBe('delivered');
      // Many idle pulls later, the native envelope is still waiting, not failed.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await statusOf(nativeUser)).toBe('pending');
    } finally {
      await webWorker.stop();
    }
    expect(push.received.map((received) => received.path)).toEqual(['/push/pia']);

    const nativeWorker = await startWorker(
      loadWorkerConfig({
        ...common,
        PODCAST_APNS_KEY: provider.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        PODCAST_APNS_KEY_ID: 'KEY1234567',
        PODCAST_APNS_TEAM_ID: 'TEAM123456',
        PODCAST_APNS_TOPIC: 'app.podcast.test',
        PODCAST_APNS_ORIGIN: native.origin,
      }),
      silent,
    );
    try {
      await until(async () => (await statusOf(nativeUser)) === 'delivered');
      expect(await statusOf(nativeUser)).toBe('delivered');
    } finally {
      await nativeWorker.stop();
    }
    expect(native.received.map((received) => received.token)).toEqual(['tok-nat']);
  }, 60_000);
});
