import { appendFile, mkdir } from 'node:fs/promises';
import type { JobCommandType, JobRecord } from '@podcast/contracts';
import type { Logger } from 'pino';
import { jobFiles, mirrorJob } from './job-files.js';
import type { JobRegistry } from './registry.js';

export interface ExecutionIo {
  signal: AbortSignal;
  /** Appends a timestamped line to the job's own log. */
  log: (line: string) => Promise<void>;
  files: ReturnType<typeof jobFiles>;
}

export interface ExecutionResult {
  ok: boolean;
  exitCode: number | null;
  /** Why it failed; null when ok. */
  error: string | null;
}

export type JobExecutor = (job: JobRecord, io: ExecutionIo) => Promise<ExecutionResult>;

type AbortReason = 'cancel' | 'stop';
const CANCEL: AbortReason = 'cancel';
const STOP: AbortReason = 'stop';

function abortReasonOf(signal: AbortSignal): AbortReason | null {
  return signal.aborted ? (signal.reason === STOP ? STOP : CANCEL) : null;
}

/**
 * The runner's open cancel requests: the subscriber of the registry's cancel
 * channel calls `cancel`, each running job registers its controller.
 */
export class CancelWatcher {
  readonly #running = new Map<string, AbortController>();

  watch(jobId: string): AbortController {
    const controller = new AbortController();
    this.#running.set(jobId, controller);
    return controller;
  }

  forget(jobId: string): void {
    this.#running.delete(jobId);
  }

  cancel(jobId: string): boolean {
    const controller = this.#running.get(jobId);
    controller?.abort(CANCEL);
    return controller !== undefined;
  }

  cancelAll(): void {
    for (const controller of this.#running.values()) {
      controller.abort(STOP);
    }
  }
}

export interface RunJobDeps {
  registry: JobRegistry;
  logger: Logger;
  now: () => Date;
  /** This runner's name in the records (host:pid). */
  worker: string;
  cancels: CancelWatcher;
  executors: Record<JobCommandType, JobExecutor>;
}

/**
 * Takes one job through running to its end: only a queued job is taken (a
 * cancelled or reconciled one is left alone), the lease is renewed while it
 * runs, a cancel request aborts the executor, and the end state is written
 * once. Returns the final record, or null when the job was not taken.
 */
export async function runJob(deps: RunJobDeps, jobId: string): Promise<JobRecord | null> {
  const started = await deps.registry.start(jobId, deps.worker, deps.now().toISOString());
  if (started === null) {
    const current = await deps.registry.get(jobId);
    deps.logger.info({ job_id: jobId, status: current?.status ?? 'missing' }, 'job not taken');
    return null;
  }
  const files = jobFiles(started.corpus_path, jobId);
  const controller = deps.cancels.watch(jobId);
  const log = lineWriter(files.log, deps.now);
  const lease = holdLease(deps, started, controller);
  try {
    await mirrorJob(started).catch(() => undefined);
    const result = await (async () => {
      await mkdir(files.dir, { recursive: true });
      await log(
        `taken by ${deps.worker}: ${started.command_type} ${JSON.stringify(started.params)}`,
      );
      return deps.executors[started.command_type](started, {
        signal: controller.signal,
        log,
        files,
      });
    })().catch(
      (err: unknown): ExecutionResult => ({
        ok: false,
        exitCode: null,
        error: err instanceof Error ? err.message : String(err),
      }),
    );
    return await finish(deps, started, result, abortReasonOf(controller.signal), log);
  } finally {
    lease.stop();
    deps.cancels.forget(jobId);
    await deps.registry.dropLease(jobId);
  }
}

async function finish(
  deps: RunJobDeps,
  job: JobRecord,
  result: ExecutionResult,
  aborted: AbortReason | null,
  log: (line: string) => Promise<void>,
): Promise<JobRecord | null> {
  const status =
    aborted === 'cancel' ? 'cancelled' : aborted === null && result.ok ? 'succeeded' : 'failed';
  const error =
    aborted === 'cancel'
      ? 'cancelled by an operator while running'
      : aborted === 'stop'
        ? 'the runner stopped while the job ran; enqueue it again'
        : result.error;
  const ended = await deps.registry.transition(job.job_id, ['running'], status, {
    finished_at: deps.now().toISOString(),
    exit_code: result.exitCode,
    error,
  });
  await log(`ended ${status}${error === null ? '' : `: ${error}`}`).catch(() => undefined);
  if (ended !== null) {
    await mirrorJob(ended).catch(() => undefined);
  }
  return ended ?? deps.registry.get(job.job_id);
}

/**
 * Renews the lease the start took and, as a fallback to the cancel channel,
 * polls for a cancel request. A job no longer running (a reader failed it
 * while this runner was cut off) is stopped: its end is written already.
 */
function holdLease(deps: RunJobDeps, job: JobRecord, controller: AbortController) {
  const timer = setInterval(() => {
    void (async () => {
      const status = await deps.registry.renewLease(job.job_id, deps.worker);
      if (status !== 'running') {
        deps.logger.warn({ job_id: job.job_id, status }, 'job no longer running here; stopping it');
        controller.abort(STOP);
        return;
      }
      const current = await deps.registry.get(job.job_id);
      if (current?.cancel_requested_at != null) {
        controller.abort(CANCEL);
      }
    })().catch((err: unknown) =>
      deps.logger.warn({ err, job_id: job.job_id }, 'lease renewal failed'),
    );
  }, deps.registry.leaseMs / 3);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function lineWriter(file: string, now: () => Date) {
  return async (line: string) => {
    await appendFile(file, `${now().toISOString()} ${line}\n`);
  };
}
