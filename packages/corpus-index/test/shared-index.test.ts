import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  copySampleCorpus,
  createTestDatabase,
  memoryLogger,
  type SampleCorpusCopy,
  type TestDatabase,
} from '@podcast/testing';
import { findEpisodeBySlug, ingestCorpus, openIndexWriter } from '../src/index.js';
import { DIALECTS } from './index-fixture.js';

// The script runs from the build, as a deployed process would.
const SCRIPT = path.resolve(import.meta.dirname, '../dist/index-process.js');

interface Beat {
  pid: number;
  ingester: boolean;
  title: string | null;
}

interface Running {
  child: ChildProcess;
  last?: Beat;
  /** Resolves with the first beat after now that passes `test`. */
  until(test: (beat: Beat) => boolean, timeoutMs: number): Promise<Beat>;
}

function start(args: string[]): Running {
  const child = spawn(process.execPath, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const waiters = new Set<(beat: Beat) => void>();
  const running: Running = {
    child,
    until: (test, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no such beat in ${timeoutMs} ms; last ${JSON.stringify(running.last)}`),
          );
        }, timeoutMs);
        const check = (beat: Beat) => {
          if (test(beat)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(beat);
          }
        };
        waiters.add(check);
      }),
  };
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const beat = JSON.parse(line) as Beat;
    running.last = beat;
    for (const waiter of [...waiters]) {
      waiter(beat);
    }
  });
  return running;
}

/*
 * On SQLite the reader sees the killed holder's pid gone; on PostgreSQL the
 * holder's session ends with its process and the advisory lock with it.
 */
describe.each(DIALECTS)('two processes sharing one index on %s', (dialect) => {
  let copy: SampleCorpusCopy;
  let database: TestDatabase | undefined;
  /** The index file, or the database URL, both processes are given. */
  let where: string;
  let slug: string;
  let metadataFile: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    expect(existsSync(SCRIPT)).toBe(true);
    copy = copySampleCorpus('corpus-index-shared');
    where = path.join(copy.dir, 'data', 'corpus-index.sqlite');
    mkdirSync(path.dirname(where), { recursive: true });
    if (dialect === 'postgres') {
      database = await createTestDatabase();
      where = database.url;
    }
    // Which episode to watch: the newest of the catalog, found with a throwaway index.
    const { logger } = memoryLogger();
    const probe = await openIndexWriter(path.join(copy.dir, 'probe.sqlite'), logger);
    await ingestCorpus({ db: probe.db, root: copy.corpusDir, logger });
    const row = await probe.db
      .selectFrom('episodes')
      .select(['slug', 'metadata_relpath'])
      .orderBy('sort_date', 'desc')
      .executeTakeFirstOrThrow();
    slug = row.slug;
    metadataFile = path.join(copy.corpusDir, row.metadata_relpath);
    expect((await findEpisodeBySlug(probe.db, slug))?.title).toBeTruthy();
    await probe.close();
  });
  async function stopAll(): Promise<void> {
    const running = children
      .splice(0)
      .filter((child) => child.exitCode === null && child.signalCode === null);
    const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of running) {
      child.kill('SIGKILL');
    }
    await Promise.all(exits);
  }

  afterAll(async () => {
    await stopAll();
    copy.remove();
    await database?.close();
  });

  let edits = 0;
  function retitle(title: string): void {
    const doc = JSON.parse(readFileSync(metadataFile, 'utf8'));
    doc.episode.title = title;
    writeFileSync(metadataFile, JSON.stringify(doc));
    // Each edit a minute later than the last: a same-size rewrite in one mtime tick would hide.
    const later = new Date(Date.now() + 60_000 * ++edits);
    utimesSync(metadataFile, later, later);
  }

  it('lets the reader take the lock over when the ingester is killed', async () => {
    const first = start([where, copy.corpusDir, slug]);
    children.push(first.child);
    await first.until((beat) => beat.ingester && beat.title !== null, 20_000);

    const second = start([where, copy.corpusDir, slug]);
    children.push(second.child);
    const read = await second.until((beat) => beat.title !== null, 10_000);
    expect(read.ingester).toBe(false);

    // A change while the first one ingests reaches both.
    retitle('Changed under the first ingester');
    await second.until((beat) => beat.title === 'Changed under the first ingester', 5_000);

    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await second.until((beat) => beat.ingester, 10_000);
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(5_000);

    retitle('Changed after the takeover');
    const seen = await second.until((beat) => beat.title === 'Changed after the takeover', 5_000);
    expect(seen.ingester).toBe(true);
  }, 60_000);

  it('shows a change to the other process within a second, a minute before any rescan', async () => {
    // The first case's survivor rescans every 200 ms, which would hide what the watcher does.
    await stopAll();
    const holder = start([where, copy.corpusDir, slug, '60000']);
    children.push(holder.child);
    await holder.until((beat) => beat.ingester && beat.title !== null, 20_000);
    const reader = start([where, copy.corpusDir, slug, '60000']);
    children.push(reader.child);
    await reader.until((beat) => beat.title !== null, 10_000);
    // Past the rescan that follows the watch's start: from now on only the watcher reports.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    for (const title of ['Seen through the watcher', 'Seen through the watcher again']) {
      const changedAt = Date.now();
      retitle(title);
      const seen = await reader.until((beat) => beat.title === title, 5_000);
      expect(seen.ingester).toBe(false);
      expect(Date.now() - changedAt).toBeLessThan(2_000);
    }
  }, 60_000);
});
