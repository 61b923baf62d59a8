import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ageTree, copySampleCorpus, memoryLogger, type SampleCorpusCopy } from '@podcast/testing';
import Database from 'better-sqlite3';
import {
  episodeListFromIndex,
  ingestCorpus,
  openIndexReader,
  openIndexWriter,
} from '../src/index.js';
import { currentBootId, UNSYNCED_MARK } from '../src/unsynced-build.js';

const FIRST = { page: 1, page_size: 50 };

// SQLite only: PostgreSQL's first build syncs as its server is configured to.
describe('an SQLite first build written without waiting for the disk', () => {
  let copy: SampleCorpusCopy;
  let file: string;
  const { logger } = memoryLogger();
  const boot = currentBootId();

  beforeEach(() => {
    copy = copySampleCorpus('corpus-index-unsynced');
    // Out of the racy window: a file written just now is read again by every ingest.
    ageTree(copy.corpusDir);
    file = path.join(copy.dir, 'index.sqlite');
  });
  afterEach(() => copy.remove());

  function markOf(raw: Database.Database): string | undefined {
    const row = raw.prepare('select value from index_meta where key = ?').get(UNSYNCED_MARK) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  function markAs(value: string) {
    const raw = new Database(file);
    raw
      .prepare('insert or replace into index_meta (key, value) values (?, ?)')
      .run(UNSYNCED_MARK, value);
    raw.close();
  }

  it('runs on this machine, which has a boot id to mark with', () => {
    expect(boot).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is marked with this boot and unsynced while it runs, then synced and unmarked', async () => {
    const index = await openIndexWriter(file, logger);
    const seen: { mark?: string; synchronous?: unknown }[] = [];
    await ingestCorpus({
      db: index.db,
      file,
      root: copy.corpusDir,
      logger,
      beforeLayers: async () => {
        seen.push({
          mark: markOf(index.raw),
          synchronous: index.raw.pragma('synchronous', { simple: true }),
        });
      },
    });
    // 0 is OFF, 1 NORMAL.
    expect(seen).toEqual([{ mark: boot, synchronous: 0 }]);
    expect(markOf(index.raw)).toBeUndefined();
    expect(index.raw.pragma('synchronous', { simple: true })).toBe(1);
    await index.close();
  });

  it('waits for the disk again after a build that failed, and keeps the mark', async () => {
    const index = await openIndexWriter(file, logger);
    const cutOff = ingestCorpus({
      db: index.db,
      file,
      root: copy.corpusDir,
      logger,
      beforeLayers: async () => {
        throw new Error('cut off');
      },
    });
    await expect(cutOff).rejects.toThrow('cut off');
    expect(markOf(index.raw)).toBe(boot);
    expect(index.raw.pragma('synchronous', { simple: true })).toBe(1);
    // The same boot: the OS kept every page, so the file is finished, not thrown away.
    await index.close();
    const again = await openIndexWriter(file, logger);
    expect((await episodeListFromIndex(again.db, {}, FIRST)).total).toBeGreaterThan(0);
    await ingestCorpus({ db: again.db, file, root: copy.corpusDir, logger });
    expect(markOf(again.raw)).toBeUndefined();
    await again.close();
  });

  it('builds again, and serves nothing of, a file marked in another boot', async () => {
    const built = await openIndexWriter(file, logger);
    await ingestCorpus({ db: built.db, file, root: copy.corpusDir, logger });
    await built.close();
    const expected = await (async () => {
      const reader = openIndexReader(file);
      const list = reader && (await episodeListFromIndex(reader.db, {}, FIRST));
      await reader?.close();
      return list;
    })();
    expect(expected?.total).toBeGreaterThan(0);

    markAs('a-boot-before-a-power-cut');
    expect(openIndexReader(file)).toBeUndefined();
    const { logger: watched, lines } = memoryLogger();
    const index = await openIndexWriter(file, watched);
    expect(lines.map((line) => line.msg)).toContain(
      'corpus index first build was cut off by a restart of the machine: building it again',
    );
    expect(await index.db.selectFrom('episodes').select('id').execute()).toEqual([]);
    await ingestCorpus({ db: index.db, file, root: copy.corpusDir, logger });
    await index.close();
    const reader = openIndexReader(file);
    expect(reader && (await episodeListFromIndex(reader.db, {}, FIRST))).toEqual(expected);
    await reader?.close();
  });

  it('drops a mark of this boot that a finished build left (another holder finished it)', async () => {
    const index = await openIndexWriter(file, logger);
    await ingestCorpus({ db: index.db, file, root: copy.corpusDir, logger });
    await index.close();
    markAs(boot as string);
    const reader = openIndexReader(file);
    expect(reader).toBeDefined();
    await reader?.close();
    const again = await openIndexWriter(file, logger);
    const report = await ingestCorpus({ db: again.db, file, root: copy.corpusDir, logger });
    expect(report.episodesBuilt).toBe(0);
    expect(markOf(again.raw)).toBeUndefined();
    expect(again.raw.pragma('synchronous', { simple: true })).toBe(1);
    await again.close();
  });
});
