import { statSync } from 'node:fs';
import {
  type IndexConnection,
  openIndexReader,
  openIndexWriter,
  servableIn,
} from './index-file.js';
import type { IndexStore, IndexView } from './index-store.js';
import { openIngestLock } from './ingest-lock.js';

/** Reader reopen checks (the file replaced by a rebuild) run at most this often. */
const REOPEN_CHECK_MS = 250;

function inodeOf(file: string): number | undefined {
  return statSync(file, { throwIfNoEntry: false })?.ino;
}

/**
 * The index as an SQLite file: the lock is a row in `<file>.lock`, the
 * reader a read-only connection reopened when a rebuild replaced the file,
 * and the data version SQLite's `data_version`.
 */
export function openSqliteStore(file: string, staleMs: number): IndexStore {
  const lock = openIngestLock(`${file}.lock`, staleMs);
  let read: { connection: IndexConnection; inode: number | undefined } | undefined;
  let version = { dataVersion: -1, token: {} as object, layers: false };
  let lastViewConnection: IndexConnection | undefined;
  let lastReadCheckMs = Number.NEGATIVE_INFINITY;

  const reader = (): IndexConnection | undefined => {
    const now = Date.now();
    if (read !== undefined && now - lastReadCheckMs < REOPEN_CHECK_MS) {
      return read.connection;
    }
    lastReadCheckMs = now;
    const inode = inodeOf(file);
    if (read !== undefined && read.inode === inode) {
      return read.connection;
    }
    // A rebuild replaced the file (or it is not there yet): open it anew.
    void read?.connection.close();
    read = undefined;
    const connection = inode === undefined ? undefined : openIndexReader(file);
    read = connection && { connection, inode };
    return read?.connection;
  };

  return {
    where: file,
    holder: lock.holder,
    beat: async (held, nowMs) => (held ? lock.heartbeat(nowMs) : lock.tryAcquire(nowMs)),
    openWriter: (logger) => openIndexWriter(file, logger),
    refresh: async () => {},
    view(): IndexView | undefined {
      const connection = reader();
      if (connection === undefined) {
        return undefined;
      }
      const dataVersion = connection.raw.pragma('data_version', { simple: true }) as number;
      if (dataVersion !== version.dataVersion || connection !== lastViewConnection) {
        // The layers' mark is read again only when another connection has committed.
        const layers = servableIn(connection.raw) === 'all';
        version = { dataVersion, token: {}, layers };
        lastViewConnection = connection;
      }
      return { db: connection.db, version: version.token, layers: version.layers };
    },
    release: async () => lock.release(),
    close: async () => {
      lock.close();
      await read?.connection.close();
    },
  };
}
