import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@podcast/testing';
import { Client } from 'pg';
import {
  createSession,
  revokeSession,
  SESSION_REVOKED_CHANNEL,
  upsertUserFromProvider,
} from '../src/index.js';
import { checkedChannel, postgresListen } from '../src/pg-listen.js';
import { BACKENDS, useBackend } from './backends.js';
import { T0 } from './clock.js';

/** Collects what a subscription hears; `next()` waits for the next payload. */
function recorder() {
  const payloads: string[] = [];
  const states: boolean[] = [];
  let waiting: (() => void) | undefined;
  return {
    payloads,
    states,
    handlers: {
      message(payload: string) {
        payloads.push(payload);
        waiting?.();
      },
      live(isLive: boolean) {
        states.push(isLive);
        waiting?.();
      },
    },
    /** Resolves once `check` holds, polling on every delivery; fails after 5 s. */
    until(check: () => boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('nothing arrived')), 5000);
        const test = () => {
          if (check()) {
            clearTimeout(timer);
            waiting = undefined;
            resolve();
          }
        };
        waiting = test;
        test();
      });
    },
  };
}

describe.each(BACKENDS)('LISTEN/NOTIFY on %s', (kind) => {
  const backend = useBackend(kind);
  let subjects = 0;

  const freshSession = async () => {
    subjects += 1;
    const user = await upsertUserFromProvider(
      backend.db,
      { provider: 'test', subject: `n-${subjects}` },
      T0,
    );
    return createSession(backend.db, user.id, 3_600_000, T0);
  };

  it('tells a subscriber each revoked session once the revocation commits', async () => {
    const heard = recorder();
    const stop = await backend.listen(SESSION_REVOKED_CHANNEL, heard.handlers);
    try {
      await heard.until(() => heard.states.includes(true));
      const { id } = await freshSession();
      expect(await revokeSession(backend.db, id, T0)).toBe(true);
      await heard.until(() => heard.payloads.includes(id));
      // Revoking again changes nothing, so nothing is sent.
      expect(await revokeSession(backend.db, id, T0)).toBe(false);
      const other = await freshSession();
      await revokeSession(backend.db, other.id, T0);
      await heard.until(() => heard.payloads.includes(other.id));
      expect(heard.payloads).toEqual([id, other.id]);
    } finally {
      await stop();
    }
  });

  it('sends nothing for a revocation rolled back with its transaction', async () => {
    const heard = recorder();
    const stop = await backend.listen(SESSION_REVOKED_CHANNEL, heard.handlers);
    try {
      const rolledBack = await freshSession();
      await backend.db
        .transaction()
        .execute(async (trx) => {
          await revokeSession(trx, rolledBack.id, T0);
          throw new Error('abort');
        })
        .catch(() => undefined);
      const committed = await freshSession();
      await revokeSession(backend.db, committed.id, T0);
      await heard.until(() => heard.payloads.includes(committed.id));
      expect(heard.payloads).toEqual([committed.id]);
    } finally {
      await stop();
    }
  });

  it('hears nothing after stopping', async () => {
    const heard = recorder();
    const stop = await backend.listen(SESSION_REVOKED_CHANNEL, heard.handlers);
    await stop();
    const late = recorder();
    const stopLate = await backend.listen(SESSION_REVOKED_CHANNEL, late.handlers);
    try {
      const { id } = await freshSession();
      await revokeSession(backend.db, id, T0);
      await late.until(() => late.payloads.includes(id));
      expect(heard.payloads).toEqual([]);
    } finally {
      await stopLate();
    }
  });
});

describe('LISTEN/NOTIFY on postgres when the connection breaks', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('reports not live, reconnects, and hears later notifications', async () => {
    const heard = recorder();
    const stop = await postgresListen(database.url)('test_channel', heard.handlers);
    try {
      await heard.until(() => heard.states.length === 1);
      // Kill the listening backend from another session, as a server restart would.
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      await heard.until(() => heard.states.length === 3);
      expect(heard.states).toEqual([true, false, true]);
      await admin.query(`select pg_notify('test_channel', 'after-reconnect')`);
      await admin.end();
      await heard.until(() => heard.payloads.includes('after-reconnect'));
    } finally {
      await stop();
    }
  }, 15_000);

  it('accepts only plain lowercase channel names', () => {
    expect(checkedChannel('session_revoked')).toBe('session_revoked');
    for (const bad of ['', 'Session', 'a-b', 'x; drop table users', '1abc', 'a'.repeat(64)]) {
      expect(() => checkedChannel(bad)).toThrow(/notification channel/);
    }
  });
});
