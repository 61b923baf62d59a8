/**
 * Calls `work` on consecutive slices of at most `size` items, one after
 * another, so one bulk statement stays under PostgreSQL's 65,535 bind
 * parameters.
 */
export async function forEachBatch<T>(
  items: readonly T[],
  size: number,
  work: (batch: T[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await work(items.slice(start, start + size));
  }
}
