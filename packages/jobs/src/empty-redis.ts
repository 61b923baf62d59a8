import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { epochKeyOf, RECOVERING } from './registry.js';
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

/** KEYS: marker. ARGV: the claimed value. Drops the marker only while it is still that one. */
const RELEASE_MARKER = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** KEYS: marker. ARGV: the claimed value, the settled one. Settles only this viewer's claim. */
const SETTLE_MARKER = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], ARGV[2]) end
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
 * BullMQ's job schedulers went with the data. The claim reads
 * `recovering:<epoch>` until the recovery ends, so the routes answer a job
 * they cannot find with 503 rather than 404 meanwhile
 * (`JobRegistry.isRecoveringLoss`). A recovery that fails gives its marker
 * back, so the next reconnect tries again.
 */
export function watchForEmptyRedis(deps: EmptyRedisDeps): EmptyRedisWatch {
  const marker = epochKeyOf(deps.prefix);
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
    const claim = `${RECOVERING}${epoch}`;
    if ((await deps.redis.set(marker, claim, 'NX')) !== 'OK') {
      return false;
    }
    try {
      await recover(epoch);
      await deps.redis.eval(SETTLE_MARKER, 1, marker, claim, epoch);
      return true;
    } catch (err) {
      await deps.redis.eval(RELEASE_MARKER, 1, marker, claim).catch(() => undefined);
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
