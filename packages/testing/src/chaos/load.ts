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
  /** The most requests per second a scenario that sets rates from capacity may give it. */
  maxRate?: number;
  /** Makes one request; `seq` counts up from 0 per loop. */
  request(seq: number, signal: AbortSignal): Promise<{ res: Response; wrote?: unknown }>;
}

/**
 * Runs the loops until `stop()`; every answer (or failure) is a sample.
 * Loop `i` counts its `seq` up from `firstSeqs[i]` (0 by default), so a
 * load that follows another goes on where it stopped.
 */
export function runLoad(loops: LoadLoop[], clientTimeoutMs: number, firstSeqs: number[] = []) {
  const samples: Sample[] = [];
  const nextSeqs = loops.map((_, i) => firstSeqs[i] ?? 0);
  let isStopped = false;
  const runLoop = async (loop: LoadLoop, index: number) => {
    while (!isStopped) {
      const seq = nextSeqs[index] as number;
      nextSeqs[index] = seq + 1;
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
      return nextSeqs;
    },
  };
}

/**
 * Each loop's capacity with every loop running at once, flat out, for
 * `durationMs`: the requests per second it was answered (any status), with
 * the samples and where each loop's `seq` stopped.
 */
export async function measureCapacity(
  loops: LoadLoop[],
  durationMs: number,
  clientTimeoutMs: number,
): Promise<{ rps: number[]; samples: Sample[]; nextSeqs: number[] }> {
  const flatOut = loops.map((loop) => ({ ...loop, rate: Number.POSITIVE_INFINITY }));
  const load = runLoad(flatOut, clientTimeoutMs);
  await sleep(durationMs);
  const nextSeqs = await load.stop();
  const seconds = durationMs / 1000;
  return { rps: nextSeqs.map((n) => n / seconds), samples: load.samples, nextSeqs };
}

/** The p-th percentile (0-100) of `values`, 0 when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
