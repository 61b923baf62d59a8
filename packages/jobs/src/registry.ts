import { createHash, randomBytes } from 'node:crypto';
import type { JobCommandType, JobRecord, JobStatus } from '@podcast/contracts';
import type { Redis } from 'ioredis';
import {
  CREATE_JOB,
  RENEW_LEASE,
  REQUEST_CANCEL,
  RESTORE_JOB,
  RESTORE_KEY,
  START_JOB,
  TRANSITION,
} from './registry-scripts.js';

/** How long an Idempotency-Key keeps answering with its first job. */
export const IDEMPOTENCY_TTL_S = 24 * 3600;
/** Jobs kept per corpus; the oldest records go as new ones arrive. */
export const JOBS_KEPT_PER_CORPUS = 5000;
/** A running job whose lease is older than this has lost its runner. */
export const LEASE_MS = 15_000;

const NULLABLE_FIELDS = [
  'started_at',
  'finished_at',
  'cancel_requested_at',
  'exit_code',
  'error',
  'worker',
  'idempotency_key',
] as const;

type JobFields = Partial<Record<(typeof NULLABLE_FIELDS)[number], string | number | null>>;

export interface NewJob {
  commandType: JobCommandType;
  corpusPath: string;
  params: Record<string, unknown>;
  idempotencyKey?: string;
}

export type CreateOutcome =
  | { kind: 'created' | 'deduplicated'; job: JobRecord }
  | { kind: 'key_reused'; jobId: string };

export type CancelOutcome =
  | { kind: 'cancelled'; job: JobRecord }
  | { kind: 'cancel_requested'; job: JobRecord }
  | { kind: 'already_cancelled'; job: JobRecord }
  | { kind: 'finished'; job: JobRecord }
  | { kind: 'missing' };

export interface RegistryDeps {
  redis: Redis;
  /** Key prefix of every registry key, e.g. `podcast:`. */
  prefix: string;
  now?: () => Date;
  /** How long a runner's lease lasts unless renewed (LEASE_MS by default). */
  leaseMs?: number;
  /** Jobs kept per corpus (JOBS_KEPT_PER_CORPUS by default); older records are deleted. */
  keepPerCorpus?: number;
}

/**
 * The key that tells whether Redis kept the registry's data (see
 * watchForEmptyRedis): absent when Redis lost it and nobody has claimed the
 * recovery yet, `recovering:<epoch>` while a viewer recovers, `<epoch>` after.
 */
export function epochKeyOf(prefix: string): string {
  return `${prefix}jobs:epoch`;
}

/** The epoch key's value while its recovery runs. */
export const RECOVERING = 'recovering:';

/**
 * The job registry on Redis: one hash per job, a sorted index per corpus,
 * status changes only through the Lua steps of registry-scripts.ts. The
 * BullMQ queue carries the job to a runner; this record is what the routes
 * report (docs/decisions/jobs.md has the statuses and transitions).
 */
export class JobRegistry {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #now: () => Date;
  readonly leaseMs: number;
  readonly #keep: number;

  constructor(deps: RegistryDeps) {
    this.#redis = deps.redis;
    this.#prefix = deps.prefix;
    this.#now = deps.now ?? (() => new Date());
    this.leaseMs = deps.leaseMs ?? LEASE_MS;
    this.#keep = deps.keepPerCorpus ?? JOBS_KEPT_PER_CORPUS;
  }

  jobKey(jobId: string): string {
    return `${this.#prefix}job:${jobId}`;
  }

  leaseKey(jobId: string): string {
    return `${this.#prefix}job-lease:${jobId}`;
  }

  /** The pub/sub channel a runner listens on for cancel requests. */
  get cancelChannel(): string {
    return `${this.#prefix}jobs:cancel`;
  }

  #idemKey(commandType: string, corpusPath: string, key: string): string {
    return `${this.#prefix}jobs:idem:${sha256(`${commandType}\0${corpusPath}\0${key}`)}`;
  }

  #indexKey(corpusPath: string): string {
    return `${this.#prefix}jobs:corpus:${sha256(corpusPath).slice(0, 32)}`;
  }

  async create(job: NewJob): Promise<CreateOutcome> {
    const jobId = newJobId(this.#now());
    const createdAt = this.#now();
    const fingerprint = fingerprintOf(job.commandType, job.params);
    const idemKey =
      job.idempotencyKey === undefined
        ? ''
        : this.#idemKey(job.commandType, job.corpusPath, job.idempotencyKey);
    const fields: Record<string, string> = {
      job_id: jobId,
      command_type: job.commandType,
      status: 'queued',
      corpus_path: job.corpusPath,
      params: JSON.stringify(job.params),
      created_at: createdAt.toISOString(),
      ...Object.fromEntries(NULLABLE_FIELDS.map((name) => [name, ''])),
      idempotency_key: job.idempotencyKey ?? '',
    };
    const [id, flag] = (await this.#redis.eval(
      CREATE_JOB,
      4,
      idemKey,
      this.jobKey(jobId),
      this.#indexKey(job.corpusPath),
      `${this.#prefix}jobs:seq`,
      jobId,
      fingerprint,
      IDEMPOTENCY_TTL_S,
      this.#keep,
      `${this.#prefix}job:`,
      ...Object.entries(fields).flat(),
    )) as [string, number];
    if (flag === -1) {
      return { kind: 'key_reused', jobId: id };
    }
    const record = await this.get(id);
    if (record === null) {
      // The first job of this key aged out of the registry; treat the key as new.
      await this.#redis.del(idemKey);
      return this.create(job);
    }
    return { kind: flag === 1 ? 'deduplicated' : 'created', job: record };
  }

  /**
   * Writes `job` back when the registry holds no record of it (Redis lost
   * it); false when a record exists, which is left as it is.
   */
  async restore(job: JobRecord): Promise<boolean> {
    const written = await this.#redis.eval(
      RESTORE_JOB,
      2,
      this.jobKey(job.job_id),
      this.#indexKey(job.corpus_path),
      job.job_id,
      ...Object.entries(storedFieldsOf(job)).flat(),
    );
    return written === 1;
  }

  /**
   * Puts back the Idempotency-Key of an ended job Redis lost, for the
   * `ttlS` seconds left of its day, and the job too when the registry lost
   * it: a repeat then answers that job instead of running it again. False
   * when the key is there (Redis kept it, or a new job took it since).
   */
  async restoreKey(job: JobRecord & { idempotency_key: string }, ttlS: number): Promise<boolean> {
    const written = await this.#redis.eval(
      RESTORE_KEY,
      3,
      this.#idemKey(job.command_type, job.corpus_path, job.idempotency_key),
      this.jobKey(job.job_id),
      this.#indexKey(job.corpus_path),
      job.job_id,
      fingerprintOf(job.command_type, job.params),
      Math.max(1, Math.ceil(ttlS)),
      ...Object.entries(storedFieldsOf(job)).flat(),
    );
    return written === 1;
  }

  /**
   * Whether Redis lost the registry's data and the jobs are not recovered
   * yet: a job missing now may be one the recovery writes back.
   */
  async isRecoveringLoss(): Promise<boolean> {
    const epoch = await this.#redis.get(epochKeyOf(this.#prefix));
    return epoch === null || epoch.startsWith(RECOVERING);
  }

  async get(jobId: string): Promise<JobRecord | null> {
    const raw = await this.#redis.hgetall(this.jobKey(jobId));
    return raw.status === undefined ? null : recordOf(raw);
  }

  /** Newest first, optionally one command type. */
  async list(
    corpusPath: string,
    limit: number,
    commandType?: JobCommandType,
  ): Promise<JobRecord[]> {
    const ids = await this.#redis.zrevrange(this.#indexKey(corpusPath), 0, -1);
    const out: JobRecord[] = [];
    for (let start = 0; start < ids.length && out.length < limit; start += 200) {
      const batch = ids.slice(start, start + 200);
      const pipeline = this.#redis.pipeline();
      for (const id of batch) {
        pipeline.hgetall(this.jobKey(id));
      }
      const rows = (await pipeline.exec()) ?? [];
      for (const [, raw] of rows) {
        const fields = raw as Record<string, string>;
        if (fields.status === undefined) {
          continue;
        }
        const record = recordOf(fields);
        if (commandType === undefined || record.command_type === commandType) {
          out.push(record);
        }
        if (out.length >= limit) {
          break;
        }
      }
    }
    return out;
  }

  /**
   * Moves a job from one of `from` to `to`, setting `fields`; null when the
   * job is missing or not in a `from` status (someone else moved it first).
   */
  transition(
    jobId: string,
    from: readonly JobStatus[],
    to: JobStatus,
    fields: JobFields = {},
  ): Promise<JobRecord | null> {
    return this.#transition([this.jobKey(jobId)], jobId, from, to, fields);
  }

  /**
   * Fails a job of one of `from` whose runner holds no lease, checked and
   * written in one step: a runner renewing meanwhile, or a second caller
   * failing it too, makes this a null.
   */
  failUnleased(
    jobId: string,
    from: readonly JobStatus[],
    fields: JobFields,
  ): Promise<JobRecord | null> {
    return this.#transition(
      [this.jobKey(jobId), this.leaseKey(jobId)],
      jobId,
      from,
      'failed',
      fields,
    );
  }

  async #transition(
    keys: string[],
    jobId: string,
    from: readonly JobStatus[],
    to: JobStatus,
    fields: JobFields,
  ): Promise<JobRecord | null> {
    const pairs = Object.entries(fields).flatMap(([k, v]) => [k, v === null ? '' : String(v)]);
    const previous = await this.#redis.eval(
      TRANSITION,
      keys.length,
      ...keys,
      from.join(','),
      to,
      ...pairs,
    );
    return previous === null ? null : this.get(jobId);
  }

  /** Takes a queued job for `worker` with its lease; null when it is not queued. */
  async start(jobId: string, worker: string, startedAt: string): Promise<JobRecord | null> {
    const previous = await this.#redis.eval(
      START_JOB,
      2,
      this.jobKey(jobId),
      this.leaseKey(jobId),
      worker,
      this.leaseMs,
      startedAt,
    );
    return previous === null ? null : this.get(jobId);
  }

  /**
   * A queued job is cancelled at once; a running one gets a cancel request
   * its runner acts on at the next safe point (published on cancelChannel).
   */
  async cancel(jobId: string, reason: string): Promise<CancelOutcome> {
    const now = this.#now().toISOString();
    const cancelled = await this.transition(jobId, ['queued'], 'cancelled', {
      finished_at: now,
      error: reason,
    });
    if (cancelled !== null) {
      return { kind: 'cancelled', job: cancelled };
    }
    const status = (await this.#redis.eval(REQUEST_CANCEL, 1, this.jobKey(jobId), now)) as
      | string
      | null;
    const job = await this.get(jobId);
    if (status === null || job === null) {
      return { kind: 'missing' };
    }
    if (status === 'running') {
      await this.#redis.publish(this.cancelChannel, jobId);
      return { kind: 'cancel_requested', job };
    }
    return { kind: status === 'cancelled' ? 'already_cancelled' : 'finished', job };
  }

  /**
   * A runner's proof of life for a running job; readers fail running jobs
   * without one. Returns the job's status: anything but `running` means the
   * job is no longer this runner's to finish.
   */
  async renewLease(jobId: string, worker: string): Promise<JobStatus | null> {
    return (await this.#redis.eval(
      RENEW_LEASE,
      2,
      this.jobKey(jobId),
      this.leaseKey(jobId),
      worker,
      this.leaseMs,
    )) as JobStatus | null;
  }

  async dropLease(jobId: string): Promise<void> {
    await this.#redis.del(this.leaseKey(jobId));
  }
}

export function newJobId(now: Date): string {
  return `job_${now.getTime().toString(36)}${randomBytes(5).toString('hex')}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What an Idempotency-Key remembers of its first request, to tell a repeat from a reuse. */
function fingerprintOf(commandType: string, params: unknown): string {
  return sha256(JSON.stringify([commandType, params]));
}

/** A record as its hash stores it, for writing back one Redis lost. */
function storedFieldsOf(job: JobRecord): Record<string, string> {
  return {
    job_id: job.job_id,
    command_type: job.command_type,
    status: job.status,
    corpus_path: job.corpus_path,
    params: JSON.stringify(job.params),
    created_at: job.created_at,
    ...Object.fromEntries(NULLABLE_FIELDS.map((name) => [name, String(job[name] ?? '')])),
  };
}

function recordOf(raw: Record<string, string>): JobRecord {
  const nullable = (value: string | undefined) =>
    value === undefined || value === '' ? null : value;
  const exitCode = nullable(raw.exit_code);
  return {
    job_id: raw.job_id ?? '',
    command_type: raw.command_type as JobCommandType,
    status: raw.status as JobStatus,
    corpus_path: raw.corpus_path ?? '',
    params: JSON.parse(raw.params ?? '{}') as Record<string, unknown>,
    created_at: raw.created_at ?? '',
    started_at: nullable(raw.started_at),
    finished_at: nullable(raw.finished_at),
    cancel_requested_at: nullable(raw.cancel_requested_at),
    exit_code: exitCode === null ? null : Number(exitCode),
    error: nullable(raw.error),
    worker: nullable(raw.worker),
    idempotency_key: nullable(raw.idempotency_key),
  };
}
