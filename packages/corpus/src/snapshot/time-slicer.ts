/**
 * Bounds how long synchronous work may hold the event loop: `yieldIfDue`
 * resolves at once inside the current slice and via `setImmediate` once the
 * slice is spent, so timers, sockets and other requests run in between.
 */
export interface TimeSlicer {
  yieldIfDue(): Promise<void>;
}

/**
 * The slice of the builds that run beside requests once a snapshot is
 * published (the per-snapshot indexes, the artifact listing). A request that
 * arrives during a slice waits for its end. At 100,000 episodes, while the
 * graph index was rebuilt after a change (the episode list asked every
 * 10 ms), the list's p90 was 31-34 ms with 8 ms slices and 11-12 ms with 4 ms
 * (p99 118-119 against 48-62 ms, two runs each, 2026-11-26). Measured again
 * on 2026-11-27 (by hand, one build after the other, six, four and six
 * rounds): p50 6-7 / 4-5 / 3-4 ms and p99 22-68 / 20-27 / 16-45 ms (medians
 * about 27 / 23 / 16.5) with 4, 2 and 1 ms slices, and the rebuild took no
 * longer (1.6-3.1 s with 1 ms against 1.7-3.7 s with 4 ms). What is left of
 * the p99 is mostly scavenges of the objects the build makes (5-14 ms each).
 * A yield costs one turn of the event loop, a few microseconds when nothing
 * else is waiting. The loader's own slices stay at 8 ms: a first load has
 * nobody's answer to wait for but its own.
 */
export const BACKGROUND_SLICE_MS = 1;

export function createTimeSlicer(sliceMs = 8): TimeSlicer {
  let sliceStart = performance.now();
  return {
    async yieldIfDue() {
      if (performance.now() - sliceStart < sliceMs) {
        return;
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    },
  };
}

/**
 * Runs `each` over `items` in order, yielding to the event loop whenever the
 * slice is spent. The slicer is asked before the first item and then every
 * `itemsPerCheck` items: each ask is an await, which costs more than a small
 * `each` (an episode's graph items: every one; an insight's speakers: 256).
 */
export async function forEachInSlices<T>(
  items: Iterable<T>,
  slicer: TimeSlicer,
  each: (item: T) => void,
  itemsPerCheck = 1,
): Promise<void> {
  let i = 0;
  for (const item of items) {
    if (i++ % itemsPerCheck === 0) {
      await slicer.yieldIfDue();
    }
    each(item);
  }
}

/**
 * A value built by a generator in steps (it yields between them): built in
 * the background a slice at a time, or at once by the first `get()`.
 */
export interface SteppedValue<T> {
  /** The value, running at once whatever steps are left. */
  get(): T;
  /** Runs the steps on the event loop, `sliceMs` at a time, until the value is built. */
  buildInBackground(sliceMs?: number): void;
}

export function steppedValue<T>(steps: Generator<void, T>): SteppedValue<T> {
  let done: { value: T } | { error: unknown } | undefined;
  const step = (): boolean => {
    try {
      const next = steps.next();
      if (next.done === true) {
        done = { value: next.value };
      }
    } catch (error) {
      done = { error };
    }
    return done !== undefined;
  };
  const get = (): T => {
    while (done === undefined) {
      step();
    }
    if ('error' in done) {
      throw done.error;
    }
    return done.value;
  };
  return {
    get,
    buildInBackground(sliceMs = BACKGROUND_SLICE_MS) {
      const slice = () => {
        const until = performance.now() + sliceMs;
        while (done === undefined && performance.now() < until) {
          step();
        }
        if (done === undefined) {
          setImmediate(slice);
        }
      };
      setImmediate(slice);
    },
  };
}
