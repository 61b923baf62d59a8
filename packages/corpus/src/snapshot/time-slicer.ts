/**
 * Bounds how long synchronous work may hold the event loop: `yieldIfDue`
 * resolves at once inside the current slice and via `setImmediate` once the
 * slice is spent, so timers, sockets and other requests run in between.
 */
export interface TimeSlicer {
  yieldIfDue(): Promise<void>;
}

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

/** Runs `each` over `items` in order, yielding to the event loop whenever the slice is spent. */
export async function forEachInSlices<T>(
  items: Iterable<T>,
  slicer: TimeSlicer,
  each: (item: T) => void,
): Promise<void> {
  for (const item of items) {
    await slicer.yieldIfDue();
    each(item);
  }
}
