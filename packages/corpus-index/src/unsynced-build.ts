import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { sql } from 'kysely';
import { inWriteTransaction } from './dialect.js';
import type { IndexKysely } from './index-file.js';

/**
 * The index_meta key of an SQLite first build written with `synchronous =
 * OFF`, whose value is the id of the boot it was written in. SQLite keeps
 * such a file whole through a process's crash, not through the machine's:
 * a file still marked from another boot may have lost pages, so it is built
 * again rather than served.
 */
export const UNSYNCED_MARK = 'unsynced_in_boot';

const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';

/** Read once: a process outlives no boot, and readers ask at each commit of a first build. */
let bootId: { id: string | undefined } | undefined;

/** This machine's boot id (Linux), or undefined where there is none to read. */
export function currentBootId(): string | undefined {
  if (bootId === undefined) {
    let id: string | undefined;
    try {
      id = readFileSync(BOOT_ID_FILE, 'utf8').trim() || undefined;
    } catch {
      id = undefined;
    }
    bootId = { id };
  }
  return bootId.id;
}

/** Whether an unsynced mark's boot id (or none) names a boot other than this one. */
export function isFromAnotherBoot(markedBoot: string | undefined): boolean {
  return markedBoot !== undefined && markedBoot !== currentBootId();
}

async function setSynchronous(db: IndexKysely, level: 'OFF' | 'NORMAL' | 'FULL'): Promise<void> {
  await sql.raw(`pragma synchronous = ${level}`).execute(db);
}

/**
 * Marks a first build into `db` unsynced, durably, then stops its commits
 * and checkpoints from waiting for the disk (at 100,000 episodes they were
 * most of the writer's time). False, and nothing changed, where the boot
 * cannot be told apart: the build then syncs as every other write does.
 */
export async function startUnsyncedBuild(db: IndexKysely): Promise<boolean> {
  const boot = currentBootId();
  if (boot === undefined) {
    return false;
  }
  await setSynchronous(db, 'FULL');
  await inWriteTransaction(db, (trx) =>
    trx
      .insertInto('index_meta')
      .values({ key: UNSYNCED_MARK, value: boot })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: boot }))
      .execute(),
  );
  await setSynchronous(db, 'OFF');
  return true;
}

async function flushToDisk(path: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return;
    }
    throw err;
  }
  try {
    // Off the event loop: a built file's dirty pages can take seconds to reach the disk.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Ends an unsynced build of `file`: what it wrote (database and WAL) is
 * flushed to the disk first, and only then is the mark removed, in a commit
 * that waits for the disk; a machine's crash before that leaves the mark.
 */
export async function endUnsyncedBuild(db: IndexKysely, file: string): Promise<void> {
  await setSynchronous(db, 'NORMAL');
  await flushToDisk(file);
  await flushToDisk(`${file}-wal`);
  await setSynchronous(db, 'FULL');
  await inWriteTransaction(db, (trx) =>
    trx.deleteFrom('index_meta').where('key', '=', UNSYNCED_MARK).execute(),
  );
  await setSynchronous(db, 'NORMAL');
}

/** After a build that did not finish: later writes wait for the disk again (the mark stays). */
export async function leaveUnsyncedBuild(db: IndexKysely): Promise<void> {
  await setSynchronous(db, 'NORMAL');
}
