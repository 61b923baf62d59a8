import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { Client } from 'pg';
import type { DatabaseLogger } from './database-logger.js';

/** What a LISTEN subscriber hears. */
export interface NotificationHandlers {
  /** One NOTIFY payload on the channel, delivered after its transaction committed. */
  message(payload: string): void;
  /**
   * false when notifications may have been missed (the listening connection
   * broke), true once listening (again). Subscribers start out not live.
   */
  live(isLive: boolean): void;
}

/** Stops listening; the handlers hear nothing afterwards. */
export type StopListening = () => Promise<void>;

export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<StopListening>;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** LISTEN takes an identifier, not a parameter: only plain lowercase names pass. */
export function checkedChannel(channel: string): string {
  if (!CHANNEL.test(channel)) {
    throw new Error(`notification channel must match ${CHANNEL}: ${channel}`);
  }
  return channel;
}

const RETRY_MS = 1000;

/**
 * PostgreSQL: one dedicated connection per subscription (a pooled one would
 * be handed to queries and lose its LISTEN). When it breaks the subscriber is
 * told it is no longer live, and a new connection is tried every second
 * until it listens again.
 */
export function postgresListen(url: string, logger?: DatabaseLogger): Listen {
  return async (channel, handlers) => {
    const name = checkedChannel(channel);
    let current: Client | undefined;
    let isStopped = false;
    let retry: NodeJS.Timeout | undefined;

    const lost = (client: Client, err?: unknown) => {
      if (current !== client) {
        return;
      }
      current = undefined;
      handlers.live(false);
      logger?.error({ err, channel: name }, 'notification connection lost; reconnecting');
      client.end().catch(() => undefined);
      schedule();
    };
    const schedule = () => {
      if (isStopped || retry !== undefined) {
        return;
      }
      retry = setTimeout(() => {
        retry = undefined;
        connect().catch(schedule);
      }, RETRY_MS);
      retry.unref();
    };
    const connect = async () => {
      const client = new Client({ connectionString: url });
      client.on('notification', (note) => {
        if (note.channel === name && note.payload !== undefined && current === client) {
          handlers.message(note.payload);
        }
      });
      client.on('error', (err) => lost(client, err));
      client.on('end', () => lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${name}`);
      } catch (err) {
        client.end().catch(() => undefined);
        throw err;
      }
      if (isStopped) {
        await client.end();
        return;
      }
      current = client;
      handlers.live(true);
    };

    await connect().catch((err: unknown) => {
      logger?.error({ err, channel: name }, 'could not listen for notifications; retrying');
      schedule();
    });
    return async () => {
      isStopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end();
    };
  };
}

/**
 * PGlite: its one session hears its own NOTIFYs. LISTEN runs under the
 * dialect's lease (`db.connection()`), so it never lands inside another
 * caller's open transaction, where a rollback would undo it.
 */
export function pgliteListen(pglite: PGlite, db: Kysely<unknown>): Listen {
  return async (channel, handlers) => {
    const name = checkedChannel(channel);
    let isStopped = false;
    const unlisten = await db
      .connection()
      .execute(() => pglite.listen(name, (payload) => isStopped || handlers.message(payload)));
    handlers.live(true);
    return async () => {
      isStopped = true;
      if (!pglite.closed) {
        await db.connection().execute(() => unlisten());
      }
    };
  };
}
