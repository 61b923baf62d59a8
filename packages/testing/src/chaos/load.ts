import { sleep } from './free-port.js';

/** One request of a load loop, as the client saw it. */
export interface Sample {
  kind: string;
  startedAt: number;
  ms: number;
  /** HTTP status, or 0 when the request failed or hit the client's timeout. */
  status: number;
  retryAfter: string | null;
  /** What the request wrote when it is a write (to check it survived). */
  wrote?: unknown;
}

export interface LoadLoop {
  kind: string;
  /** Requests per second this loop aims at (one at a time: slower answers lower it). */
  rate: number;
  /** Makes one request; `seq` counts up from 0 per loop. */
  request(seq: number, signal: AbortSignal): Promise<{ res: Response; wrote?: unknown }>;
}

/** Runs the loops until `stop()`; every answer (or failure) is a sample. */
export function runLoad(loops: LoadLoop[], clientTimeoutMs: number) {
  const samples: Sample[] = [];
  let isStopped = false;
  const runLoop = async (loop: LoadLoop) => {
    for (let seq = 0; !isStopped; seq++) {
      const startedAt = Date.now();
      let status = 0;
      let retryAfter: string | null = null;
      let wrote: unknown;
      try {
        const answer = await loop.request(seq, AbortSignal.timeout(clientTimeoutMs));
        status = answer.res.status;
        retryAfter = answer.res.headers.get('retry-after');
        wrote = answer.wrote;
        await answer.res.arrayBuffer();
      } catch {
        status = 0;
      }
      const ms = Date.now() - startedAt;
      samples.push({ kind: loop.kind, startedAt, ms, status, retryAfter, wrote });
      await sleep(Math.max(0, 1000 / loop.rate - ms));
    }
  };
  const running = Promise.all(loops.map(runLoop));
  return {
    samples,
    stop: async () => {
      isStopped = true;
      await running;
    },
  };
}

/** The p-th percentile (0-100) of `values`, 0 when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
