/**
 * The read-ahead worker (`parse-ahead.ts`): reads, parses and normalises
 * batches of tracked files off the main thread, or only stats them, or
 * reads their bytes ahead of the parsers and drops them (prefetch). It
 * also checks the file versions a restart read from its projection
 * (`version-check.ts`). Warnings are sent back with the batch and logged
 * by the main thread's logger.
 */
import { parentPort } from 'node:worker_threads';
import type { TrackedKind } from './corpus-state.js';
import {
  type FileStat,
  type ParsedFile,
  type PrefetchCount,
  parseTrackedFile,
  prefetchFiles,
  statTrackedFile,
} from './parse-file.js';

/** What the worker does with a batch: parse its files, or only stat them. */
export type AheadTask = 'parse' | 'stat';

/** Files whose bytes a prefetching worker reads and drops, ahead of the parsers (`prefetchFiles`). */
export interface PrefetchBatch {
  task: 'prefetch';
  id: number;
  root: string;
  relpaths: readonly string[];
}

export interface PrefetchedBatch {
  id: number;
  prefetched: PrefetchCount;
}

export interface ParseBatch {
  task: AheadTask;
  id: number;
  root: string;
  files: ReadonlyArray<readonly [relpath: string, kind: TrackedKind]>;
}

export interface ParsedBatch {
  id: number;
  results: Array<ParsedFile | FileStat | undefined>;
  warnings: Array<[fields: Record<string, unknown>, message: string]>;
}

/**
 * Stored file versions as a projection frame gives them: `versions[2i]`
 * and `versions[2i + 1]` are the mtime and size of `relpaths[i]`. Two
 * arrays rather than a tuple per file: at 100,000 episodes a restart made
 * 400,000 tuples, and the message to the worker copied each as an object.
 */
export interface StoredVersions {
  relpaths: readonly string[];
  versions: Float64Array;
}

/** Stored file versions for the worker to compare with the disk. */
export interface VersionBatch extends StoredVersions {
  task: 'verify';
  id: number;
  root: string;
}

/** The files of a `VersionBatch` whose (mtime, size) moved, with what they are now (undefined: gone). */
export interface CheckedBatch {
  id: number;
  moved: Array<[relpath: string, now: FileStat | undefined]>;
}

function verify({ id, root, relpaths, versions }: VersionBatch): CheckedBatch {
  const moved: CheckedBatch['moved'] = [];
  relpaths.forEach((relpath, i) => {
    const now = statTrackedFile(root, relpath);
    if (now === undefined || now.mtimeMs !== versions[2 * i] || now.size !== versions[2 * i + 1]) {
      moved.push([relpath, now]);
    }
  });
  return { id, moved };
}

parentPort?.on('message', (batch: ParseBatch | VersionBatch | PrefetchBatch) => {
  if (batch.task === 'prefetch') {
    const prefetched = prefetchFiles(batch.root, batch.relpaths, Buffer.allocUnsafe(1 << 16));
    parentPort?.postMessage({ id: batch.id, prefetched } satisfies PrefetchedBatch);
    return;
  }
  if (batch.task === 'verify') {
    parentPort?.postMessage(verify(batch) satisfies CheckedBatch);
    return;
  }
  const { task, id, root, files } = batch;
  const warnings: ParsedBatch['warnings'] = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => warnings.push([fields, message]),
  };
  const results = files.map(([relpath, kind]) =>
    task === 'stat'
      ? statTrackedFile(root, relpath)
      : parseTrackedFile(root, relpath, kind, logger as never),
  );
  parentPort?.postMessage({ id, results, warnings } satisfies ParsedBatch);
});
