/**
 * Round-robin over feeds on a newest-first stream: each round takes the next
 * newest item of every feed, feeds ordered by their newest item. Every feed
 * in the window gets a row before any feed gets a second, so one prolific
 * show cannot crowd the others out of the top of the digest; once the quieter
 * feeds run dry the busy one fills the remaining slots.
 */
export function pickFeedDiverse<T>(
  newestFirst: readonly T[],
  feedOf: (item: T) => string,
  maxRows: number,
): T[] {
  const queues = new Map<string, T[]>();
  for (const item of newestFirst) {
    const feed = feedOf(item);
    const queue = queues.get(feed);
    if (queue === undefined) {
      queues.set(feed, [item]);
    } else {
      queue.push(item);
    }
  }
  const lanes = [...queues.values()];
  const picked: T[] = [];
  for (let round = 0; picked.length < maxRows; round++) {
    const before = picked.length;
    for (const lane of lanes) {
      const item = lane[round];
      if (item !== undefined && picked.length < maxRows) {
        picked.push(item);
      }
    }
    if (picked.length === before) {
      break;
    }
  }
  return picked;
}
