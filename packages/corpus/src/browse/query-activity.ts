import type { CorpusPlace } from '../caches/corpus-caches.js';
import { addDays, utcDay } from '../digest/digest-window.js';
import { realFileInsideRoot } from '../roots/corpus-roots.js';

/** `days` zero-filled rows ending with the UTC day of `now`, oldest first. */
export function dailyActivity(
  counts: ReadonlyMap<string, number>,
  now: Date,
  days: number,
): Array<{ date: string; count: number }> {
  const today = utcDay(now);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - (days - 1));
    return { date, count: counts.get(date) ?? 0 };
  });
}

const QUERY_LOG_RELPATH = 'search/query_log.jsonl';

/**
 * Per-day counts of a corpus's query log; empty when the log does not exist.
 * A log that is a symlink leading out of the root counts as missing, like
 * every other corpus file: it is never read from elsewhere.
 */
export async function readQueryCounts(place: CorpusPlace): Promise<ReadonlyMap<string, number>> {
  const file = await realFileInsideRoot(place.root, QUERY_LOG_RELPATH);
  const read = file === undefined ? undefined : await place.caches.queryLogs.read(file);
  return read?.value ?? new Map<string, number>();
}
