import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { TrackedKind } from './corpus-state.js';
import type { FileStat, ParsedFile, PrefetchCount } from './parse-file.js';
import type {
  AheadTask,
  ParseBatch,
  ParsedBatch,
  PrefetchBatch,
  PrefetchedBatch,
} from './parse-worker.js';

/**
 * The worker's compiled script in this package's dist, whether this module
 * runs from dist or from src (the tests run sources; `pnpm test` builds first).
 */
export const PARSE_WORKER_SCRIPT = fileURLToPath(
  new URL('../../dist/snapshot/parse-worker.js', import.meta.url),
);

/**
 * Files parsed (or statted) ahead of the loader by a worker thread. A
 * first load spends most of its time reading, parsing and normalising
 * JSON, a restart statting every file; the worker does part of that on the
 * machine's other core while the main thread interns, stores and serves
 * requests. Batches go out in the order of `files` and only a few ahead of
 * what the loader has taken, so at most `batchSize × batchesAhead` results
 * wait in memory.
 */
export interface Ahead<T> {
  /**
   * The file's parse or stat (undefined: it vanished), or null when the worker
   * does not give it (the main thread's share, not in the list, taken
   * already, or the worker failed): the caller then reads the file itself.
   */
  take(relpath: string): Promise<T | undefined | null>;
  /**
   * What the prefetching workers did, once every batch was prefetched (or
   * they stopped: closed, failed, or none ran).
   */
  prefetched(): Promise<PrefetchCount>;
  close(): Promise<void>;
}

export interface ParseAheadOptions {
  batchSize?: number;
  batchesAhead?: number;
  /**
   * The fraction of batches the worker parses; the main thread parses the
   * rest itself while the worker works, since interning and storing what
   * the worker sends leaves it idle otherwise. The defaults for one and two
   * workers were measured on a 2-core machine (docs/decisions/corpus.md).
   */
  share?: number;
  /** Worker threads sharing the batches, in turn. Default 2 to parse `TWO_WORKERS_FROM` files or more, else 1. */
  workers?: number;
  /**
   * Worker threads that read every batch's bytes ahead of the parsers and
   * drop them (`prefetchFiles`), so that the parsers find the files in the
   * page cache. Default `PREFETCHERS` to parse `TWO_WORKERS_FROM` files or
   * more, else none.
   */
  prefetchers?: number;
  /** The worker script; tests point it at a missing or failing one. */
  script?: string;
}

const WORKER_FAILED = 'corpus read-ahead worker failed; reading on the main thread';

/**
 * From this many files to parse, two workers share the batches: a read
 * that misses the page cache waits on the disk, and the second worker reads
 * while the first waits. Smaller loads keep one, where a second gains
 * nothing and costs memory (docs/decisions/corpus.md).
 */
export const TWO_WORKERS_FROM = 50_000;

/**
 * Prefetching workers for a large parse. A parser alternates reading and
 * parsing, so two of them keep at most two reads in flight, and a read
 * that misses the page cache waits on the disk. Threads that only read keep
 * more reads in flight while the parsers parse, which shortens cold first
 * loads (docs/decisions/corpus.md).
 */
export const PREFETCHERS = 4;

/** What the worker gives per file for each task. */
export interface AheadResults {
  parse: ParsedFile;
  stat: FileStat;
}

interface Slot<T> {
  results: Map<string, T | undefined> | undefined;
  left: number;
  arrived: Promise<void>;
  settle: () => void;
}

/**
 * Starts a worker parsing (or statting) `files`; undefined when no worker
 * can run, and the caller then reads (or stats) them itself.
 */
export function startAhead<K extends AheadTask>(
  task: K,
  root: string,
  files: ReadonlyArray<readonly [string, TrackedKind]>,
  logger: Logger,
  options: ParseAheadOptions = {},
): Ahead<AheadResults[K]> | undefined {
  type T = AheadResults[K];
  const script = options.script ?? PARSE_WORKER_SCRIPT;
  if (files.length === 0 || !existsSync(script)) {
    return undefined;
  }
  const workerCount =
    options.workers ?? (task === 'parse' && files.length >= TWO_WORKERS_FROM ? 2 : 1);
  const workers: Worker[] = [];
  try {
    for (let n = 0; n < workerCount; n++) {
      const worker = new Worker(script);
      worker.unref();
      workers.push(worker);
    }
  } catch (err) {
    logger.warn({ err: (err as Error).message }, WORKER_FAILED);
    for (const worker of workers) {
      void worker.terminate();
    }
    return undefined;
  }
  // 256 files a batch, fewer for a short list so that it still splits between the threads.
  const size = options.batchSize ?? Math.min(256, Math.ceil(files.length / 16));
  const prefetch = startPrefetch(
    root,
    files.map(([relpath]) => relpath),
    size,
    options.prefetchers ?? (task === 'parse' && files.length >= TWO_WORKERS_FROM ? PREFETCHERS : 0),
    script,
    logger,
  );
  const ahead = options.batchesAhead ?? 4;
  const count = Math.ceil(files.length / size);
  const batchOf = new Map<string, number>();
  const share = options.share ?? (workerCount > 1 ? 0.85 : 0.7);
  // Spread evenly: batch `id` goes to the worker when the share's running total steps past an integer.
  const isWorkers = (id: number) => Math.floor((id + 1) * share) > Math.floor(id * share);
  for (const [i, [relpath]] of files.entries()) {
    const id = Math.floor(i / size);
    if (isWorkers(id)) {
      batchOf.set(relpath, id);
    }
  }
  const slots: Slot<T>[] = [];
  let sent = 0;
  let workerBatches = 0;
  let failed = false;
  let closed = false;
  const sliceOf = (id: number) => files.slice(id * size, (id + 1) * size);
  const sendUpTo = (end: number) => {
    while (!failed && sent < Math.min(count, end)) {
      const id = sent++;
      if (!isWorkers(id)) {
        continue;
      }
      const batch = sliceOf(id);
      let settle = () => {};
      const arrived = new Promise<void>((resolve) => {
        settle = resolve;
      });
      slots[id] = { results: undefined, left: batch.length, arrived, settle };
      const worker = workers[workerBatches++ % workers.length] as Worker;
      worker.postMessage({ task, id, root, files: batch } satisfies ParseBatch);
    }
  };
  const fail = (err: Error) => {
    if (failed || closed) {
      return;
    }
    failed = true;
    logger.warn({ err: err.message }, WORKER_FAILED);
    for (const slot of slots) {
      slot?.settle();
    }
  };
  const onMessage = ({ id, results, warnings }: ParsedBatch) => {
    for (const [fields, message] of warnings) {
      logger.warn(fields, message);
    }
    const slot = slots[id];
    if (slot !== undefined) {
      slot.results = new Map(sliceOf(id).map(([relpath], i) => [relpath, results[i] as T]));
      slot.settle();
    }
  };
  for (const worker of workers) {
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the worker exited with code ${code}`)));
  }
  sendUpTo(ahead);
  return {
    async take(relpath) {
      const id = batchOf.get(relpath);
      if (id === undefined) {
        return null;
      }
      sendUpTo(id + ahead);
      const slot = slots[id];
      if (slot === undefined) {
        return null;
      }
      await slot.arrived;
      const results = slot.results;
      if (results === undefined || !results.has(relpath)) {
        return null;
      }
      const parsed = results.get(relpath);
      results.delete(relpath);
      slot.left--;
      if (slot.left === 0) {
        slot.results = undefined;
        sendUpTo(id + 1 + ahead);
      }
      return parsed;
    },
    prefetched: prefetch.done,
    async close() {
      closed = true;
      await Promise.all([...workers.map((worker) => worker.terminate()), prefetch.stop()]);
    },
  };
}

/** Batches each prefetching worker holds: one it reads, one waiting. */
const PREFETCH_QUEUED = 2;

/** Workers reading files' bytes ahead of their readers. */
export interface Prefetch {
  /** What they did, once every batch is read (or they stopped). */
  done(): Promise<PrefetchCount>;
  stop(): Promise<void>;
}

/**
 * Starts `workers` (default `PREFETCHERS`) workers reading the bytes of `relpaths` in list
 * order, for a reader on the main thread that reads them in that order
 * (the corpus index's build); a batch the page cache holds costs them a
 * sample of eight reads. Undefined when the worker script is missing.
 */
export function prefetchInWorkers(
  root: string,
  relpaths: readonly string[],
  logger: Pick<Logger, 'warn'>,
  options: { batchSize?: number; workers?: number; script?: string } = {},
): Prefetch | undefined {
  const script = options.script ?? PARSE_WORKER_SCRIPT;
  if (relpaths.length === 0 || !existsSync(script)) {
    return undefined;
  }
  const size = options.batchSize ?? 256;
  return startPrefetch(root, relpaths, size, options.workers ?? PREFETCHERS, script, logger);
}

/**
 * Starts `count` workers reading the bytes of `files` (relpaths), batch by
 * batch in list order, each taking the next batch as it finishes one. They are a
 * help, not a need: one that cannot start or fails is logged and the
 * parsers read for themselves.
 */
function startPrefetch(
  root: string,
  files: readonly string[],
  size: number,
  count: number,
  script: string,
  logger: Pick<Logger, 'warn'>,
): Prefetch {
  const totals: PrefetchCount = { read: 0, left: 0 };
  const batches = count > 0 ? Math.ceil(files.length / size) : 0;
  let reported = 0;
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const workers: Worker[] = [];
  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      finish();
      await Promise.all(workers.map((worker) => worker.terminate()));
    }
  };
  const fail = (err: Error) => {
    if (!stopped) {
      logger.warn({ err: err.message }, 'corpus prefetch worker failed; the parsers read alone');
      void stop();
    }
  };
  // Each worker holds at most `PREFETCH_QUEUED` batches and gets the next
  // as it reports one, so no copy of the whole file list waits in its queue.
  let next = 0;
  const sendNext = (worker: Worker) => {
    if (next < batches && !stopped) {
      const id = next++;
      const relpaths = files.slice(id * size, (id + 1) * size);
      worker.postMessage({ task: 'prefetch', id, root, relpaths } satisfies PrefetchBatch);
    }
  };
  try {
    for (let n = 0; n < count; n++) {
      const worker = new Worker(script);
      worker.unref();
      worker.on('message', ({ prefetched }: PrefetchedBatch) => {
        totals.read += prefetched.read;
        totals.left += prefetched.left;
        if (++reported === batches) {
          void stop();
        } else {
          sendNext(worker);
        }
      });
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`the worker exited with code ${code}`)));
      workers.push(worker);
    }
    for (let queued = 0; queued < PREFETCH_QUEUED; queued++) {
      for (const worker of workers) {
        sendNext(worker);
      }
    }
  } catch (err) {
    fail(err as Error);
  }
  if (batches === 0) {
    void stop();
  }
  return {
    done: async () => {
      await finished;
      return { ...totals };
    },
    stop,
  };
}
