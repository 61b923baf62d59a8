import type { CommsRecordInput } from '@podcast/contracts';
import { createCorpusRegistry, type EpisodeRecord } from '@podcast/corpus';
import {
  createDatabase,
  migrateDatabaseAt,
  putPlayback,
  upsertUserFromProvider,
} from '@podcast/db';
import { contentOfSnapshot, replaceComms, tickAt } from '@podcast/notifications';
import { createTestDatabase } from '@podcast/testing';
import { pino } from 'pino';
import { startConsumerApi } from './consumer-seam.js';

const silent = pino({ level: 'silent' });

/**
 * A fresh PostgreSQL database, consumer-api serving the seam over it in a
 * process of its own, and a connection for the test to seed users and read
 * the outbox with.
 */
export async function startSeamStack(corpusDir: string, env: Record<string, string>) {
  const database = await createTestDatabase(undefined, {
    template: { name: 'migrated', prepare: migrateDatabaseAt },
  });
  const seam = await startConsumerApi({
    DATABASE_URL: database.url,
    CORPUS_DIR: corpusDir,
    ...env,
  });
  const db = await createDatabase({ url: database.url });
  const registry = createCorpusRegistry({ logger: silent, watch: false });
  const episode = (await registry.get(corpusDir)).episodes.find(
    (e) => e.duration_seconds && e.publish_date,
  ) as EpisodeRecord;
  const now = new Date();
  const hour = now.getUTCHours();
  return {
    seam,
    db: db.db,
    /** An episode with a duration, to finish and to follow the feed of. */
    episode,
    now,
    /** The current UTC hour: the slot every seeded user is due at. */
    hour,
    async user(name: string, comms: CommsRecordInput): Promise<string> {
      const row = await upsertUserFromProvider(
        db.db,
        {
          provider: 'test',
          subject: name,
          email: `${name}@example.com`,
          email_verified: true,
          name,
        },
        now,
      );
      await replaceComms(
        { db: db.db, now: () => now, mintRef: () => `ref-${name}` },
        row.id,
        comms,
      );
      return row.id;
    },
    /** Marks the episode finished now, so the daily recap has content. */
    finish: (userId: string) =>
      putPlayback(db.db, userId, episode.slug, (episode.duration_seconds as number) * 0.95, now),
    /** The real scheduler at the top of this hour. */
    tick: () =>
      tickAt(
        {
          db: db.db,
          content: contentOfSnapshot(() => registry.warm(corpusDir)),
          logger: silent,
          now: () => now,
        },
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour)),
      ),
    async close() {
      registry.close();
      await seam.stop();
      await db.close();
      await database.close();
    },
  };
}

export type SeamStack = Awaited<ReturnType<typeof startSeamStack>>;
