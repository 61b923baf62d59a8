import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCorpusRegistry } from '@podcast/corpus';
import { createDatabase, listOutboxOf, subscribe, upsertUserFromProvider } from '@podcast/db';
import { replaceComms } from '@podcast/notifications';
import { createTestDatabase, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import { pino } from 'pino';

const run = promisify(execFile);
// `pnpm test` builds first, so the command runs as `pnpm scheduler:tick` runs it.
const COMMAND = fileURLToPath(new URL('../dist/scheduler-tick.js', import.meta.url));

describe('scheduler:tick', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  // The command reads the corpus index the APIs would share under DATA_DIR, building it here.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scheduler-tick-'));
  const env = () => ({
    ...process.env,
    DATABASE_URL: database.url,
    CORPUS_DIR: SAMPLE_CORPUS_DIR,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, runs one tick for --at and prints its counts as one JSON line', async () => {
    const registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
    const newest = (await registry.get(SAMPLE_CORPUS_DIR)).episodes.find((e) => e.publish_date);
    registry.close();
    const day = (newest?.publish_date ?? '').slice(0, 10);
    const at = `${day}T08:00:30Z`;
    const first = await run(process.execPath, [COMMAND, '--at', at], { env: env() });
    expect(JSON.parse(first.stdout)).toMatchObject({ users: 0 });

    const { db, close } = await createDatabase({ url: database.url });
    try {
      const now = () => new Date(`${day}T07:00:00Z`);
      const user = await upsertUserFromProvider(
        db,
        {
          provider: 'test',
          subject: 'cli',
          email: 'cli@example.com',
          email_verified: true,
          name: 'cli',
        },
        now(),
      );
      await replaceComms({ db, now, mintRef: () => 'cli-unsubscribe-ref' }, user.id, {
        types: { digest: { email: true } },
        digest_schedule: { cadence: 'daily', hour: 8 },
      });
      await subscribe(db, user.id, newest?.feed_id ?? '', now());
      const second = await run(process.execPath, [COMMAND, '--at', at], { env: env() });
      expect(JSON.parse(second.stdout)).toMatchObject({
        ran: true,
        at: `${day}T08:00:00.000Z`,
        enqueued: 1,
      });
      const outbox = await listOutboxOf(db, user.id);
      expect(outbox.map((row) => row.id)).toEqual([`dgst_${day.replaceAll('-', '')}_${user.id}`]);
      expect(
        readdirSync(path.join(dataDir, 'corpus-index')).some((name) => name.endsWith('.sqlite')),
      ).toBe(true);
    } finally {
      await close();
    }
  }, 60_000);

  it('refuses an --at that is not a timestamp, naming the flag', async () => {
    const failed = await run(process.execPath, [COMMAND, '--at', 'tomorrow'], { env: env() }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect((failed as { code: number }).code).not.toBe(0);
    expect((failed as { stderr: string }).stderr).toMatch(/--at: expected an ISO timestamp/);
  });
});
