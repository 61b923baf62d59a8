import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listOutboxOf } from '@podcast/db';
import { copySampleCorpus } from '@podcast/testing';

import { startSmtpReceiver } from './support/receivers.js';
import { type SeamStack, startSeamStack } from './support/seam-stack.js';

const TOKEN = 'an-internal-outbox-token-for-crash-tests';
const WORKER_MAIN = fileURLToPath(new URL('../dist/bundle.mjs', import.meta.url));
const USERS = 24;

const envelopeIdOf = (raw: string) =>
  /^X-Podcast-Envelope-Id: (.+)$/im.exec(raw)?.[1]?.trim() ?? '';

describe('a worker killed mid-batch and restarted', () => {
  const corpus = copySampleCorpus('delivery-crash');
  let stack: SeamStack;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const userIds: string[] = [];

  beforeAll(async () => {
    // The shortest lease, so what the killed worker held comes back within seconds.
    stack = await startSeamStack(corpus.corpusDir, {
      INTERNAL_OUTBOX_TOKEN: TOKEN,
      OUTBOX_LEASE_SECONDS: '5',
    });
    // Each message takes 150 ms to accept, so the kill lands mid-batch.
    smtp = await startSmtpReceiver(new Set(), 150);
    for (let i = 0; i < USERS; i++) {
      const id = await stack.user(`crash-${i}`, {
        types: { daily_recap: { email: true } },
        daily_recap_schedule: { hour: stack.hour },
      });
      await stack.finish(id);
      userIds.push(id);
    }
    expect((await stack.tick()).enqueued).toBe(USERS);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stack?.close(), smtp?.close()]);
    corpus.remove();
  });

  function startWorkerProcess(): ChildProcess {
    return spawn(process.execPath, [WORKER_MAIN], {
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        PODCAST_INTERNAL_OUTBOX_TOKEN: TOKEN,
        PODCAST_APP_BASE_URL: stack.seam.url,
        PODCAST_SMTP_URL: smtp.url,
        PODCAST_METRICS_PORT: '0',
        PODCAST_CONCURRENCY: '4',
        PODCAST_IDLE_MS: '200',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  async function rows() {
    return (await Promise.all(userIds.map((id) => listOutboxOf(stack.db, id)))).flat();
  }

  it('ends every envelope with one terminal status, each delivered, doubled only if sent before the kill', async () => {
    const first = startWorkerProcess();
    const deadline = Date.now() + 30_000;
    while (smtp.mails.length < 6 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.kill('SIGKILL');
    await once(first, 'exit');
    const beforeKill = new Set(smtp.mails.map((m) => envelopeIdOf(m.raw)));
    expect(beforeKill.size).toBeGreaterThan(0);
    expect(beforeKill.size).toBeLessThan(USERS);

    const second = startWorkerProcess();
    try {
      const until = Date.now() + 60_000;
      while ((await rows()).some((row) => row.status === 'pending') && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
    expect(second.exitCode).toBe(0);

    const outbox = await rows();
    expect(outbox).toHaveLength(USERS);
    expect(outbox.map((row) => row.status)).toEqual(Array(USERS).fill('delivered'));
    const counts = new Map<string, number>();
    for (const mail of smtp.mails) {
      const id = envelopeIdOf(mail.raw);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(outbox.map((row) => row.id).sort());
    const doubled = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    for (const id of doubled) {
      expect(beforeKill.has(id)).toBe(true);
    }
    process.stderr.write(
      `crash test: ${USERS} envelopes, ${beforeKill.size} received before the kill, ${doubled.length} delivered twice (sent before the kill, not yet reported)\n`,
    );
  }, 120_000);
});
