import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Runs `task` and answers, beside its value, the longest time the event loop
 * was blocked meanwhile: what every other request of the process waited.
 */
export async function longestBlockDuring<T>(
  task: () => Promise<T>,
): Promise<{ value: T; longestBlockMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const value = await task();
    return { value, longestBlockMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}
