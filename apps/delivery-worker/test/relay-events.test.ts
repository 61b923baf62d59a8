import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listOutboxOf } from '@podcast/db';
import { readComms } from '@podcast/notifications';
import { copySampleCorpus } from '@podcast/testing';
import { pino } from 'pino';
import { startWorker } from '../src/build-worker.js';
import { loadWorkerConfig } from '../src/env.js';
import { startFakeRelay } from './support/fake-relay.js';
import { type SeamStack, startSeamStack } from './support/seam-stack.js';

const TOKEN = 'an-internal-outbox-token-for-relay-tests';
const RELAY_KEY = 'relay-api-key-0001';

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('email through the relay API, and its bounce events', () => {
  const corpus = copySampleCorpus('delivery-relay');
  const stateDir = mkdtempSync(path.join(tmpdir(), 'relay-cursor-'));
  const cursorFile = path.join(stateDir, 'state', 'cursor.json');
  let stack: SeamStack;
  let relay: Awaited<ReturnType<typeof startFakeRelay>>;
  let lea: string;

  beforeAll(async () => {
    stack = await startSeamStack(corpus.corpusDir, { INTERNAL_OUTBOX_TOKEN: TOKEN });
    relay = await startFakeRelay(RELAY_KEY);
    lea = await stack.user('lea', {
      types: { daily_recap: { email: true }, digest: { email: true } },
      daily_recap_schedule: { hour: stack.hour },
      digest_schedule: { cadence: 'weekly', day_of_week: 0, hour: (stack.hour + 12) % 24 },
    });
    await stack.finish(lea);
    expect((await stack.tick()).enqueued).toBe(1);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stack?.close(), relay?.close()]);
    corpus.remove();
    rmSync(stateDir, { recursive: true, force: true });
  });

  const config = () =>
    loadWorkerConfig({
      PODCAST_INTERNAL_OUTBOX_TOKEN: TOKEN,
      PODCAST_APP_BASE_URL: stack.seam.url,
      PODCAST_RELAY_URL: relay.url,
      PODCAST_RELAY_API_KEY: RELAY_KEY,
      PODCAST_RELAY_CURSOR_FILE: cursorFile,
      PODCAST_EVENTS_POLL_MS: '50',
      PODCAST_IDLE_MS: '50',
      PODCAST_METRICS_PORT: '0',
    });
  const status = async () => (await listOutboxOf(stack.db, lea))[0]?.status;

  it('sends through the relay, then a bounce event turns delivered into bounced and the cell off', async () => {
    const worker = await startWorker(config(), pino({ level: 'silent' }));
    try {
      expect(worker.channels).toEqual(['email']);
      await until(async () => (await status()) === 'delivered');
      expect(relay.messages).toHaveLength(1);
      const [message] = relay.messages;
      const envelopeId = message?.metadata.envelope_id as string;
      expect(envelopeId).toMatch(/^drcp_/);
      expect(message?.to).toBe('lea@example.com');
      expect(message?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(message?.headers['List-Unsubscribe']).toContain(
        '/api/app/comms/unsubscribe?ref=ref-lea',
      );
      expect(message?.html).toContain('<table');
      relay.events.push(
        { id: 'e1', type: 'delivery', envelope_id: envelopeId },
        { id: 'e2', type: 'bounce', envelope_id: 'drcp_20000101_u_nobody' },
        { id: 'e3', type: 'bounce', envelope_id: envelopeId },
      );
      await until(async () => (await status()) === 'bounced');
      const comms = await readComms(stack.db, lea);
      expect(comms.types.daily_recap.email).toBe(false);
      expect(comms.types.digest.email).toBe(true);
      await until(async () => relay.eventQueries.includes('3'));
    } finally {
      await worker.stop();
    }
    expect(JSON.parse(readFileSync(cursorFile, 'utf8'))).toEqual({ cursor: '3' });

    // A restart picks up after the saved cursor, not from the start.
    const seen = relay.eventQueries.length;
    const again = await startWorker(config(), pino({ level: 'silent' }));
    try {
      await until(async () => relay.eventQueries.length > seen);
    } finally {
      await again.stop();
    }
    expect(relay.eventQueries[seen]).toBe('3');
  }, 60_000);
});
