import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTestDatabase,
  memoryLogger,
  SAMPLE_CORPUS_DIR,
  type TestDatabase,
} from '@podcast/testing';
import pg from 'pg';
import { type CorpusIndex, openCorpusIndex } from '../src/index.js';

/*
 * The PostgreSQL ingest lock is a session-level advisory lock: the server
 * frees it when the holder's session ends, whatever ended it. Here the
 * server cuts the holder's session (as a failover or a network cut would)
 * while both handles run, and the ingesting passes on within seconds.
 */

async function advisoryHolders(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_locks where locktype = 'advisory' and granted and database = " +
      '(select oid from pg_database where datname = current_database())',
  );
  return rows.map((row) => row.pid);
}

describe('two index handles contending for the PostgreSQL ingest lock', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const handles: CorpusIndex[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const handle of handles) {
      await handle.close();
    }
    await admin?.end();
    await database?.close();
  });

  it('lets exactly one ingest, and passes the lock on when its session is cut', async () => {
    const { logger, lines } = memoryLogger();
    const open = () => {
      const handle = openCorpusIndex({
        url: database.url,
        root: SAMPLE_CORPUS_DIR,
        logger,
        heartbeatMs: 100,
        rescanMs: 200,
      });
      handles.push(handle);
      return handle;
    };
    const first = open();
    await first.ingestNow();
    const built = await first.view()?.db.selectFrom('episodes').select('id').execute();
    expect(built).toHaveLength(24);
    const second = open();
    expect(await second.ingestNow()).toBeUndefined();
    expect([first.isIngester(), second.isIngester()]).toEqual([true, false]);
    // The reader that never ingested serves what the holder built.
    expect(second.view()).toBeDefined();

    const [cut, ...others] = await advisoryHolders(admin);
    expect(others).toEqual([]);
    await admin.query('select pg_terminate_backend($1)', [cut]);
    const cutAt = Date.now();
    // The cut holder learns of its loss one of two ways. Cut while idle, its session reports the
    // error and its next beat finds the lock gone; cut during a beat, that beat fails (pg hands
    // the error to the query, not the session) and is logged as a failed lock write.
    const lossNoticed = () =>
      lines.some(
        (line) =>
          line.msg === 'corpus index ingest lock taken over by another process' ||
          (line.msg === 'corpus index not written; serving the last committed index' &&
            line.kind === 'lock'),
      );
    let noticed = false;
    let holders: number[] = [];
    let ingesters: CorpusIndex[] = [];
    // Until the cut holder has noticed its loss its own flag is stale: only then are the flags read.
    // Bounded at 15 s: a few hundred ms alone, but seconds beside a loaded run's other suites.
    while (Date.now() - cutAt < 15_000) {
      holders = await advisoryHolders(admin);
      noticed = lossNoticed();
      ingesters = handles.filter((handle) => handle.isIngester());
      if (noticed && holders.length === 1 && holders[0] !== cut && ingesters.length === 1) {
        break;
      }
      await sleep(50);
    }
    expect(noticed).toBe(true);
    expect(holders).toHaveLength(1);
    expect(holders[0]).not.toBe(cut);
    expect(ingesters).toHaveLength(1);
    // The new holder writes on its own session: an ingest runs to its end.
    expect(await ingesters[0]?.ingestNow()).toMatchObject({ changedFiles: 0, episodesBuilt: 0 });
  }, 30_000);
});
