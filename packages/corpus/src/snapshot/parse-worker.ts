/**
 * The read-ahead worker (`parse-ahead.ts`): reads, parses and normalises
 * batches of tracked files off the main thread. Warnings are sent back with
 * the batch and logged by the main thread's logger.
 */
import { parentPort } from 'node:worker_threads';
import { type ParsedFile, type ParsedKind, parseTrackedFile } from './parse-file.js';

export interface ParseBatch {
  id: number;
  root: string;
  files: ReadonlyArray<readonly [relpath: string, kind: ParsedKind]>;
}

export interface ParsedBatch {
  id: number;
  results: Array<ParsedFile | undefined>;
  warnings: Array<[fields: Record<string, unknown>, message: string]>;
}

parentPort?.on('message', ({ id, root, files }: ParseBatch) => {
  const warnings: ParsedBatch['warnings'] = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => warnings.push([fields, message]),
  };
  const results = files.map(([relpath, kind]) =>
    parseTrackedFile(root, relpath, kind, logger as never),
  );
  parentPort?.postMessage({ id, results, warnings } satisfies ParsedBatch);
});
