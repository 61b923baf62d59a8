import { describe, expect, it } from '@jest/globals';
import { TooManyRequests } from '@podcast/contracts';
import { HashGate } from './hash-gate.js';

/** Work that ends when the test says so. */
function pending() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { work: () => done, finish };
}

describe('HashGate', () => {
  it('runs at most `concurrency` at once, the rest in order as slots free up', async () => {
    const gate = new HashGate({ concurrency: 2, maxWaiting: 5 });
    const jobs = Array.from({ length: 4 }, () => pending());
    const order: number[] = [];
    const runs = jobs.map((job, i) =>
      gate.run(async () => {
        order.push(i);
        await job.work();
      }),
    );
    await Promise.resolve();
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 2 });
    expect(order).toEqual([0, 1]);
    jobs[1]?.finish();
    await runs[1];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    for (const job of jobs) {
      job.finish();
    }
    await Promise.all(runs);
    expect(gate.stats()).toEqual({
      concurrency: 2,
      running: 0,
      waiting: 0,
      completed: 4,
      peak: 2,
    });
  });

  it('refuses work past the waiting line with a 429 to retry in a second', async () => {
    const gate = new HashGate({ concurrency: 1, maxWaiting: 1 });
    const job = pending();
    const runs = [gate.run(job.work), gate.run(job.work)];
    const refused = gate.run(job.work);
    await expect(refused).rejects.toBeInstanceOf(TooManyRequests);
    await expect(refused).rejects.toMatchObject({ extra: { retry_after_s: 1 } });
    job.finish();
    await Promise.all(runs);
  });

  it('frees the slot when the work throws', async () => {
    const gate = new HashGate({ concurrency: 1, maxWaiting: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'ok')).resolves.toBe('ok');
  });
});
