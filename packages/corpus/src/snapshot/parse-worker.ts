/**
 * The read-ahead worker (`parse-ahead.ts`): reads, parses and normalises
 * batches of tracked files off the main thread, or only stats them.
 * Warnings are sent back with the batch and logged by the main thread's
 * logger.
 */
import { parentPort } from 'node:worker_threads';
import type { TrackedKind } from './corpus-state.js';
import { type FileStat, type ParsedFile, parseTrackedFile, statTrackedFile } from './parse-file.js';

/** What the worker does with a batch: parse its files, or only stat them. */
export type AheadTask = 'parse' | 'stat';

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

parentPort?.on('message', ({ task, id, root, files }: ParseBatch) => {
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
