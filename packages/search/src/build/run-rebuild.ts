import { type ChildProcess, fork } from 'node:child_process';
import { appendFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IndexLocation } from '@podcast/corpus-index';
import type { EmbeddingSpec } from '@podcast/providers';
import type { DocType } from '../documents/index-document.js';
import { indexPathsOf } from '../store/index-paths.js';
import type { BuildOutcome } from './build-index.js';
import type { RebuildRequest } from './rebuild-child.js';
import { acquireRebuildLock } from './rebuild-lock.js';

/** One line of `search/index_history.jsonl`, the source of /api/index/timeseries. */
export interface RebuildEvent {
  ts: string;
  event: 'rebuild_finished' | 'rebuild_failed';
  duration_ms: number;
  full?: boolean;
  episodes_embedded?: number;
  episodes_removed?: number;
  rows_written?: number;
  total_vectors?: number;
  error?: string;
}

export type RebuildStart =
  | { status: 'started'; finished: Promise<RebuildEvent> }
  | { status: 'busy' };

/** The child's entry beside this file; from sources (tests) it runs through tsx's loader. */
function childEntry(): { file: string; execArgv: string[] } {
  const self = fileURLToPath(import.meta.url);
  const extension = path.extname(self);
  const file = path.join(path.dirname(self), `rebuild-child${extension}`);
  if (extension !== '.ts') {
    return { file, execArgv: [] };
  }
  const tsx = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return {
    file,
    execArgv: ['--conditions=@podcast/source', '--import', path.join(tsx, 'dist', 'loader.mjs')],
  };
}

function runChild(request: RebuildRequest, builders: Set<ChildProcess>): Promise<BuildOutcome> {
  const { file, execArgv } = childEntry();
  // LanceDB's k-means warns about empty clusters on every index over repetitive
  // text; only its errors are kept (the tail of stderr explains a failed build).
  const env = { ...process.env, LANCEDB_LOG: process.env.LANCEDB_LOG ?? 'error' };
  const child = fork(file, [], { execArgv, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  builders.add(child);
  child.once('exit', () => builders.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    let outcome: BuildOutcome | undefined;
    let failure: string | undefined;
    child.on('message', (message: { type: string; outcome?: BuildOutcome; message?: string }) => {
      outcome = message.type === 'done' ? message.outcome : outcome;
      failure = message.type === 'error' ? message.message : failure;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (outcome) {
        resolve(outcome);
      } else {
        const lines = stderr.trim().split('\n');
        const crash = lines.findLast((line) => /Error/.test(line)) ?? lines.pop();
        const why = failure ?? (crash || `builder exited (${signal ?? code})`);
        reject(new Error(why));
      }
    });
    child.send(request);
  });
}

async function appendEvent(file: string, event: RebuildEvent): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(event)}\n`);
}

/**
 * Starts a background rebuild of `root`'s index unless one is running in any
 * process (the lock in `search/`). The lock is held here, not in the child,
 * so it is released whatever way the child ends; `finished` settles with the
 * event appended to the history (never rejects). The child is in `builders`
 * while it runs, so the owner can stop it on shutdown. With `catalog` the
 * child takes the episodes from that corpus index, else from a snapshot.
 */
export async function startRebuild(
  root: string,
  embedding: EmbeddingSpec,
  force: boolean,
  now: () => Date,
  builders: Set<ChildProcess>,
  docTypes?: DocType[],
  catalog?: IndexLocation,
): Promise<RebuildStart> {
  const paths = indexPathsOf(root);
  const lock = await acquireRebuildLock(paths.lock);
  if (lock === undefined) {
    return { status: 'busy' };
  }
  const started = now().getTime();
  const request = {
    root,
    embedding,
    force,
    ...(docTypes ? { docTypes } : {}),
    ...(catalog ? { catalog } : {}),
  };
  const finished = runChild(request, builders)
    .then(
      (outcome): RebuildEvent => ({
        ts: now().toISOString(),
        event: 'rebuild_finished',
        duration_ms: now().getTime() - started,
        full: outcome.full,
        episodes_embedded: outcome.episodes_embedded,
        episodes_removed: outcome.episodes_removed,
        rows_written: outcome.rows_written,
        total_vectors: outcome.meta.total_vectors,
      }),
      (err: unknown): RebuildEvent => ({
        ts: now().toISOString(),
        event: 'rebuild_failed',
        duration_ms: now().getTime() - started,
        error: err instanceof Error ? err.message : String(err),
      }),
    )
    .then(async (event) => {
      await appendEvent(paths.history, event).catch(() => undefined);
      await lock.release();
      return event;
    });
  return { status: 'started', finished };
}
