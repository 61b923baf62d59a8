import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type JobsService, reconcileJobs } from './service.js';

export interface EmptyRedisDeps {
  jobs: JobsService;
  /** The connection whose every `ready` (the first one, and each after a reconnect) is checked. */
  redis: Redis;
  /** Key prefix of the registry (REDIS_PREFIX); the marker lives beside its keys. */
  prefix: string;
  /** The corpora whose jobs this viewer reconciles and whose schedules it holds. */
  roots: readonly string[];
  /** Loads the job schedulers of one corpus again (from its operator file). */
  reloadSchedules: (root: string) => Promise<void>;
}

export interface EmptyRedisWatch {
  /** Checks once (after any check under way); true when this call found the data gone and recovered. */
  check(): Promise<boolean>;
  /** Stops watching, after the check under way. */
  close(): Promise<void>;
}

/** KEYS: marker. ARGV: this viewer's epoch. Drops the marker only while it is still this one. */
const RELEASE_MARKER = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * Notices a Redis that came back without its data and recovers the jobs
 * once, whichever viewer sees it first. Each viewer sets a marker key with
 * SET NX on every `ready` of its connection: a marker already there means
 * Redis kept its keys (or another replica already claimed this loss), and
 * the one SET that succeeds owns the recovery. It reconciles each corpus
 * (which writes the jobs `.viewer/jobs.jsonl` shows open back as failed,
 * so no one has to call reconcile) and loads its schedules again, since
 * BullMQ's job schedulers went with the data. A recovery that fails gives
 * its marker back, so the next reconnect tries again.
 */
export function watchForEmptyRedis(deps: EmptyRedisDeps): EmptyRedisWatch {
  const marker = `${deps.prefix}jobs:epoch`;
  const { logger } = deps.jobs;
  let chain: Promise<unknown> = Promise.resolve();

  // One corpus that fails does not keep the others from recovering; any failure retries all.
  const recover = async (epoch: string) => {
    let reconciled = 0;
    const failed: unknown[] = [];
    for (const root of deps.roots) {
      try {
        reconciled += (await reconcileJobs(deps.jobs, root)).reconciled.length;
        await deps.reloadSchedules(root);
      } catch (err) {
        failed.push(err);
      }
    }
    if (failed.length > 0) {
      throw failed[0];
    }
    logger.info(
      { epoch, reconciled, corpora: deps.roots.length },
      'jobs recovered after Redis lost its data',
    );
  };

  const checkNow = async (): Promise<boolean> => {
    const epoch = `${deps.jobs.now().toISOString()}:${randomBytes(6).toString('hex')}`;
    if ((await deps.redis.set(marker, epoch, 'NX')) !== 'OK') {
      return false;
    }
    try {
      await recover(epoch);
      return true;
    } catch (err) {
      await deps.redis.eval(RELEASE_MARKER, 1, marker, epoch).catch(() => undefined);
      throw err;
    }
  };

  const check = () => {
    const run = chain.then(checkNow);
    chain = run.catch(() => undefined);
    return run;
  };

  const onReady = () => {
    check().catch((err: unknown) => {
      logger.warn(
        { err },
        'could not check whether Redis kept the jobs; the next reconnect tries again',
      );
    });
  };
  deps.redis.on('ready', onReady);
  if (deps.redis.status === 'ready') {
    onReady();
  }

  return {
    check,
    close: async () => {
      deps.redis.off('ready', onReady);
      await chain;
    },
  };
}
