import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRedisPrefix, type RedisPrefix } from '@podcast/testing';
import { Redis } from 'ioredis';
import { JobRegistry } from './registry.js';

let prefix: RedisPrefix;
let redis: Redis;
let registry: JobRegistry;

beforeAll(() => {
  prefix = createRedisPrefix();
  redis = new Redis(prefix.url);
  registry = new JobRegistry({ redis, prefix: prefix.prefix });
});

afterAll(async () => {
  redis.disconnect();
  await prefix.close();
});

const job = (corpusPath = '/srv/a') => ({
  commandType: 'pipeline' as const,
  corpusPath,
  params: { feed_url: null },
});

describe('JobRegistry', () => {
  it('lets exactly one of many concurrent starts take a job', async () => {
    const created = await registry.create(job());
    if (created.kind === 'key_reused') throw new Error('unexpected');
    const id = created.job.job_id;
    const starts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        registry.transition(id, ['queued'], 'running', { worker: `w${i}` }),
      ),
    );
    expect(starts.filter((s) => s !== null)).toHaveLength(1);
  });

  it('lets a cancel and a start race with one winner', async () => {
    for (let round = 0; round < 20; round += 1) {
      const created = await registry.create(job());
      if (created.kind === 'key_reused') throw new Error('unexpected');
      const id = created.job.job_id;
      const [cancel, start] = await Promise.all([
        registry.cancel(id, 'test'),
        registry.transition(id, ['queued'], 'running', { worker: 'w' }),
      ]);
      const final = await registry.get(id);
      if (start === null) {
        expect(cancel.kind).toBe('cancelled');
        expect(final?.status).toBe('cancelled');
      } else {
        expect(cancel.kind).toBe('cancel_requested');
        expect(final).toMatchObject({ status: 'running', cancel_requested_at: expect.any(String) });
      }
    }
  });

  it('keeps the registries of two corpora apart and lists newest first, also within a millisecond', async () => {
    const sameMs = new JobRegistry({
      redis,
      prefix: prefix.prefix,
      now: () => new Date('2026-11-26T00:00:00Z'),
    });
    const a = await sameMs.create(job('/srv/list-a'));
    const b = await sameMs.create(job('/srv/list-a'));
    await registry.create(job('/srv/list-b'));
    const listed = await registry.list('/srv/list-a', 10);
    expect(listed.map((j) => j.job_id)).toEqual(
      [b, a].map((o) => (o.kind === 'key_reused' ? '' : o.job.job_id)),
    );
    expect(await registry.list('/srv/list-a', 1)).toHaveLength(1);
    expect(await registry.list('/srv/list-a', 10, 'corpus_enrichment')).toEqual([]);
  });

  it('keeps the newest jobs of a corpus and deletes the records of older ones', async () => {
    const small = new JobRegistry({ redis, prefix: prefix.prefix, keepPerCorpus: 3 });
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const outcome = await small.create(job('/srv/trim'));
      made.push(outcome.kind === 'key_reused' ? '' : outcome.job.job_id);
    }
    expect((await small.list('/srv/trim', 10)).map((j) => j.job_id)).toEqual(
      made.slice(2).reverse(),
    );
    expect(await small.get(made[0] as string)).toBeNull();
  });

  it('scopes an idempotency key to its corpus and command type', async () => {
    const one = await registry.create({ ...job('/srv/k1'), idempotencyKey: 'same' });
    const two = await registry.create({ ...job('/srv/k2'), idempotencyKey: 'same' });
    const again = await registry.create({ ...job('/srv/k1'), idempotencyKey: 'same' });
    expect(one.kind).toBe('created');
    expect(two.kind).toBe('created');
    expect(again.kind).toBe('deduplicated');
  });

  it('fails a running job of a lost runner once, and never one whose lease is held', async () => {
    const short = new JobRegistry({ redis, prefix: prefix.prefix, leaseMs: 300 });
    const created = await short.create(job('/srv/lease'));
    if (created.kind === 'key_reused') throw new Error('unexpected');
    const id = created.job.job_id;
    expect(await short.start(id, 'w1', new Date().toISOString())).toMatchObject({
      status: 'running',
      worker: 'w1',
    });
    const fail = () => short.failUnleased(id, ['running'], { error: 'lost' });
    expect(await fail()).toBeNull(); // the start took the lease with the job
    await new Promise((r) => setTimeout(r, 400));
    const finders = await Promise.all(Array.from({ length: 10 }, fail));
    expect(finders.filter((f) => f !== null)).toHaveLength(1);
    // The runner coming back neither renews a lease nor moves the job back.
    expect(await short.renewLease(id, 'w1')).toBe('failed');
    expect(await redis.exists(short.leaseKey(id))).toBe(0);
    expect(await short.transition(id, ['running'], 'succeeded')).toBeNull();
    expect(await short.get(id)).toMatchObject({ status: 'failed', error: 'lost' });
  });
});
