import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * The schema version written to the file (`PRAGMA user_version`). The index
 * is derived from the corpus files, so a file of any other version is
 * deleted and built again rather than migrated in place.
 */
export const SCHEMA_VERSION = 16;

/**
 * Why an existing file cannot be served: not a database, failing
 * `PRAGMA quick_check`, or of another schema version. Undefined when it is
 * sound (or brand new: version 0 and no tables).
 */
export function defectOf(raw: Database.Database): string | undefined {
  try {
    const check = raw.pragma('quick_check', { simple: true });
    if (check !== 'ok') {
      return `quick_check: ${String(check)}`;
    }
    const version = raw.pragma('user_version', { simple: true });
    const tables = raw.prepare("select count(*) as n from sqlite_master where type = 'table'");
    const isEmpty = version === 0 && (tables.get() as { n: number }).n === 0;
    return isEmpty || version === SCHEMA_VERSION ? undefined : `schema version ${version}`;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * The worker's compiled script in this package's dist, whether this module
 * runs from dist or from src (the tests run sources; `pnpm test` builds first).
 */
const CHECK_WORKER_SCRIPT = fileURLToPath(
  new URL('../dist/index-check-worker.js', import.meta.url),
);

/**
 * `defectOf` the file at `file`, in a worker thread: `quick_check` reads
 * every page, seconds for a file of gigabytes, which on the event loop
 * would hold up requests and the ingest lock's heartbeat.
 */
export function defectInWorker(file: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(CHECK_WORKER_SCRIPT, { workerData: { file } });
    // The first of these settles the promise; an exit after the answer changes nothing.
    worker.once('message', (answer: { defect?: string }) => resolve(answer.defect));
    worker.once('error', (err) => resolve(`check failed: ${err.message}`));
    worker.once('exit', (code) => resolve(`check ended without an answer (exit ${code})`));
  });
}
