import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase, type Database, databaseErrorFacts, migrateToLatest } from '@podcast/db';
import { createLogger } from '@podcast/runtime';
import { createTestDatabase } from '@podcast/testing';
import { type Kysely, sql } from 'kysely';

const SECRET_USER = 'user-secret-4711';
const SECRET_INPUT = 'not-a-uuid-secret-0815';

interface Opened {
  db: Kysely<Database>;
  close(): Promise<void>;
}

const backends: [string, () => Promise<Opened>][] = [
  [
    'PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      const handle = await createDatabase({ url: database.url });
      await migrateToLatest(handle.db);
      return {
        db: handle.db,
        close: async () => {
          await handle.close();
          await database.close();
        },
      };
    },
  ],
  [
    'PGlite',
    async () => {
      const handle = await createDatabase({ pgliteMemory: true });
      await migrateToLatest(handle.db);
      return handle;
    },
  ],
];

/** The logger build-context.ts makes, writing to lines this test reads. */
function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger('info', 'consumer-api', {
    errorFacts: databaseErrorFacts,
    destination,
  });
  return { logger, lines };
}

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

describe.each(backends)('database errors logged on %s', (_name, open) => {
  let opened: Opened;

  beforeAll(async () => {
    opened = await open();
  }, 30_000);

  afterAll(async () => {
    await opened.close();
  });

  it('keeps the code and constraint of a foreign-key violation, never the values or SQL', async () => {
    const err = await failureOf(() =>
      sql`insert into sessions (id, user_id, expires_at) values (${'session-1'}, ${SECRET_USER}, now())`.execute(
        opened.db,
      ),
    );
    const { logger, lines } = capturingLogger();
    logger.error({ err }, 'unhandled error');
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line.err).toMatchObject({ code: '23503', constraint: 'sessions_user_id_fkey' });
    expect(lines[0]).not.toContain(SECRET_USER);
    expect(lines[0]).not.toContain('session-1');
    expect(lines[0]?.toLowerCase()).not.toContain('insert into');
  });

  it('drops a message that quotes the input (invalid input syntax)', async () => {
    const err = await failureOf(() => sql`select ${SECRET_INPUT}::uuid`.execute(opened.db));
    const { logger, lines } = capturingLogger();
    logger.error({ err }, 'unhandled error');
    expect(JSON.parse(lines[0] ?? '{}').err).toMatchObject({ code: '22P02' });
    expect(lines[0]).not.toContain(SECRET_INPUT);
  });
});

describe('databaseErrorFacts', () => {
  it('leaves errors that are not from the database to the standard serializer', () => {
    const { logger, lines } = capturingLogger();
    logger.error({ err: new Error('disk full at /data') }, 'unhandled error');
    expect(JSON.parse(lines[0] ?? '{}').err).toMatchObject({ message: 'disk full at /data' });
    expect(databaseErrorFacts(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeUndefined();
  });
});
