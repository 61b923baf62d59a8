import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { EpisodeRows } from './episode-rows.js';
import type { WriteOptions } from './write-batch.js';

/**
 * The worker's compiled script in this package's dist, whether this module
 * runs from dist or from src (the tests run sources; `pnpm test` builds first).
 */
const ROWS_WRITER_SCRIPT = fileURLToPath(new URL('../dist/rows-writer-worker.js', import.meta.url));

/** A worker thread writing batches of episode rows into an SQLite index, one transaction each. */
export interface RowsWriter {
  /**
   * Hands a batch over once the one before is committed, and returns: the
   * batch is written while the caller reads and builds the next. A failure
   * of the one before is thrown here.
   */
  write(gone: readonly string[], written: readonly EpisodeRows[]): Promise<void>;
  /** Waits until the batch handed over last is committed; throws its failure. */
  drain(): Promise<void>;
  /** Lets the batch in hand finish, then ends the worker. */
  close(): Promise<void>;
}

/**
 * Starts a rows writer on `file` (open and migrated by the caller, and with
 * `unsynced` its build marked so: `unsynced-build.ts`), writing each batch
 * as `writeEpisodesRows` does with `write`, or undefined when its script is
 * not built or no thread can start. A first build spends about half
 * its time in SQLite and Kysely writing rows, the other half reading files
 * and building rows on the main thread; this way each runs on its own core.
 */
export function startRowsWriter(
  file: string,
  logger: Pick<Logger, 'warn'>,
  options: { unsynced?: boolean; script?: string; write?: WriteOptions } = {},
): RowsWriter | undefined {
  const { unsynced = false, script = ROWS_WRITER_SCRIPT, write = {} } = options;
  if (!existsSync(script)) {
    return undefined;
  }
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { file, unsynced, options: write } });
  } catch (err) {
    // No thread to be had (a resource limit): the ingest writes its rows itself.
    logger.warn({ err: (err as Error).message }, 'corpus index rows writer not started');
    return undefined;
  }
  let failure: Error | undefined;
  let answer: { resolve(): void; reject(err: Error): void } | undefined;
  let inHand: Promise<void> = Promise.resolve();
  const fail = (err: Error) => {
    failure ??= err;
    answer?.reject(err);
    answer = undefined;
  };
  worker.on('message', (reply: { error?: string }) => {
    if (reply.error === undefined) {
      answer?.resolve();
      answer = undefined;
    } else {
      fail(new Error(`corpus index rows not written: ${reply.error}`));
    }
  });
  worker.on('error', fail);
  const ended = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      fail(new Error(`the corpus index rows writer ended (exit ${code})`));
      resolve();
    });
  });
  const drain = async () => {
    await inHand.catch(() => undefined);
    if (failure !== undefined) {
      throw failure;
    }
  };
  return {
    async write(gone, written) {
      await drain();
      inHand = new Promise<void>((resolve, reject) => {
        answer = { resolve, reject };
      });
      // Seen by the next write or drain, not as an unhandled rejection.
      inHand.catch(() => undefined);
      worker.postMessage({ gone, written });
    },
    drain,
    async close() {
      await inHand.catch(() => undefined);
      worker.postMessage('close');
      await ended;
    },
  };
}
