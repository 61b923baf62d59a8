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
 * arrives during a slice waits for its end, so the slice is short: shorter
 * slices cut request tail latency during a rebuild without making the
 * rebuild slower, since a yield costs only one turn of the event loop
 * (docs/decisions/corpus.md). The loader's own slices stay longer: a first
 * load has nobody's answer to wait for but its own.
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
