import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { defectOf } from './index-check.js';

// Checks one index file for the writer that is about to open it (index-check.ts).
const { file } = workerData as { file: string };
let defect: string | undefined;
try {
  const raw = new Database(file, { fileMustExist: true });
  try {
    defect = defectOf(raw);
  } finally {
    raw.close();
  }
} catch (err) {
  defect = (err as Error).message;
}
parentPort?.postMessage({ defect });
