import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { isRunning } from '@podcast/runtime';
import Database from 'better-sqlite3';

/**
 * The ingest lock: one row in a small SQLite file beside the index (not in
 * it, so the holder may delete and rebuild the index). Taking and renewing
 * it run in `BEGIN IMMEDIATE` transactions, so two processes can never both
 * see the lock free. The holder renews a heartbeat; a holder whose
 * heartbeat is older than `staleMs`, or whose pid no longer runs on this
 * host, has its lock taken over.
 */
export interface IngestLock {
  readonly holder: string;
  /** Takes the lock if it is free or abandoned (or renews it when held); whether it is held now. */
  tryAcquire(nowMs: number): boolean;
  /** Renews the heartbeat; false when another process took the lock over. */
  heartbeat(nowMs: number): boolean;
  release(): void;
  close(): void;
}

interface LockRow {
  holder: string;
  host: string;
  pid: number;
  heartbeat_ms: number;
}

/** Whether the lock in `row` was left by a holder that stopped beating or no longer runs here. */
function isAbandoned(row: LockRow, nowMs: number, staleMs: number): boolean {
  return nowMs - row.heartbeat_ms > staleMs || (row.host === hostname() && !isRunning(row.pid));
}

/**
 * Whether a live process holds the lock in `file` (a heartbeat within
 * `staleMs`): an index another process ingests is in use, not to be deleted.
 */
export function isLockHeld(file: string, staleMs: number, nowMs: number): boolean {
  let raw: Database.Database;
  try {
    raw = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return false;
  }
  try {
    raw.pragma('busy_timeout = 1000');
    const row = raw
      .prepare<[], LockRow>('select holder, host, pid, heartbeat_ms from ingest_lock')
      .get();
    return row !== undefined && !isAbandoned(row, nowMs, staleMs);
  } catch {
    return false; // no lock table yet: nobody has taken it
  } finally {
    raw.close();
  }
}

export function openIngestLock(file: string, staleMs: number): IngestLock {
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('busy_timeout = 5000');
  raw.exec(
    'create table if not exists ingest_lock (id integer primary key check (id = 1), ' +
      'holder text not null, host text not null, pid integer not null, heartbeat_ms real not null)',
  );
  const host = hostname();
  const holder = `${host}:${process.pid}:${randomUUID()}`;
  const read = raw.prepare<[], LockRow>('select holder, host, pid, heartbeat_ms from ingest_lock');
  const write = raw.prepare(
    'insert into ingest_lock (id, holder, host, pid, heartbeat_ms) values (1, ?, ?, ?, ?) ' +
      'on conflict (id) do update set holder = excluded.holder, host = excluded.host, ' +
      'pid = excluded.pid, heartbeat_ms = excluded.heartbeat_ms',
  );
  const renew = raw.prepare('update ingest_lock set heartbeat_ms = ? where holder = ?');
  const acquire = raw.transaction((nowMs: number) => {
    const row = read.get();
    if (row !== undefined && row.holder !== holder && !isAbandoned(row, nowMs, staleMs)) {
      return false;
    }
    write.run(holder, host, process.pid, nowMs);
    return true;
  }).immediate;
  return {
    holder,
    tryAcquire: (nowMs) => acquire(nowMs),
    heartbeat: (nowMs) => renew.run(nowMs, holder).changes === 1,
    release: () => {
      raw.prepare('delete from ingest_lock where holder = ?').run(holder);
    },
    close: () => raw.close(),
  };
}
