import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { PARSE_WORKER_SCRIPT } from './parse-ahead.js';
import type { FileStat } from './parse-file.js';
import type { CheckedBatch, StoredVersions, VersionBatch } from './parse-worker.js';

/**
 * The stored file versions of a restart, checked against the disk by a
 * worker thread while the projection is still being read. A restart used
 * to stat every tracked file after the read, on the main thread with a
 * worker's help, which on a large corpus took seconds. The
 * projection read keeps the main thread busy decoding, so the other core
 * now stats the files as their rows arrive, and the first sync only looks
 * up the few whose (mtime, size) moved.
 */
export interface VersionCheck {
  /**
   * The stored listings are in and name `files` files (tracked or not):
   * with at least `minFiles`, the worker starts now and is running by the
   * time the rows that follow name the stored files (started when those
   * rows began, it was still starting while they arrived).
   */
  expect(files: number): void;
  /** Stored files' versions, a frame's rows at a time as they are read. */
  add(files: StoredVersions): void;
  /**
   * Waits for every answer, then stops the worker. The files added whose
   * version moved, with their (mtime, size) now (undefined: gone); every
   * other file added is as stored. Undefined when no check ran (fewer
   * files than the worker is worth, or the worker failed): then the
   * caller stats the files itself.
   */
  finish(): Promise<Map<string, FileStat | undefined> | undefined>;
  /** Stops the worker without waiting (a failed read or load). */
  close(): void;
}

export interface VersionCheckOptions {
  /** From this many files the worker starts (the registry's `parseAheadMin`); fewer are statted by the sync. */
  minFiles: number;
  logger: Logger;
  /** The worker script; tests point it at a missing one. */
  script?: string;
}

const WORKER_FAILED = 'corpus version check failed; statting on the main thread';

export function createVersionCheck(root: string, options: VersionCheckOptions): VersionCheck {
  const { minFiles, logger } = options;
  const script = options.script ?? PARSE_WORKER_SCRIPT;
  /** Batches added before the worker started, and how many files they name. */
  let waiting: StoredVersions[] = [];
  let waitingFiles = 0;
  let worker: Worker | undefined;
  let failed = false;
  let sent = 0;
  let answered = 0;
  const moved = new Map<string, FileStat | undefined>();
  let onSettled: (() => void) | undefined;
  const stop = () => {
    void worker?.terminate();
    worker = undefined;
  };
  const fail = (err: Error) => {
    if (failed || worker === undefined) {
      return; // already failed, or stopped on purpose
    }
    failed = true;
    logger.warn({ root, err: err.message }, WORKER_FAILED);
    stop();
    onSettled?.();
  };
  const start = (): boolean => {
    if (!existsSync(script)) {
      failed = true;
      return false;
    }
    try {
      worker = new Worker(script);
    } catch (err) {
      failed = true;
      logger.warn({ root, err: (err as Error).message }, WORKER_FAILED);
      return false;
    }
    worker.unref();
    worker.on('message', (batch: CheckedBatch) => {
      for (const [relpath, now] of batch.moved) {
        moved.set(relpath, now);
      }
      answered++;
      if (answered === sent) {
        onSettled?.();
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the worker exited with code ${code}`)));
    return true;
  };
  const send = ({ relpaths, versions }: StoredVersions) => {
    if (worker !== undefined && relpaths.length > 0) {
      worker.postMessage({
        task: 'verify',
        id: sent++,
        root,
        relpaths,
        versions,
      } satisfies VersionBatch);
    }
  };
  return {
    expect(files) {
      if (worker === undefined && !failed && files >= minFiles) {
        start();
      }
    },
    add(files) {
      if (failed) {
        return;
      }
      if (worker !== undefined) {
        send(files);
        return;
      }
      waiting.push(files);
      waitingFiles += files.relpaths.length;
      if (waitingFiles >= minFiles && start()) {
        waiting.forEach(send);
      }
      if (worker !== undefined || failed) {
        waiting = [];
        waitingFiles = 0;
      }
    },
    async finish() {
      if (worker === undefined) {
        return undefined; // never started, or failed
      }
      if (answered < sent) {
        await new Promise<void>((resolve) => {
          onSettled = resolve;
        });
      }
      const done = !failed;
      stop();
      return done ? moved : undefined;
    },
    close: stop,
  };
}
