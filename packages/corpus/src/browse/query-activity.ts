import type { CorpusPlace } from '../caches/corpus-caches.js';
import { addDays, utcDay } from '../digest/digest-window.js';
import { asRecord } from '../readers/lenient-values.js';
import { realFileInsideRoot } from '../roots/corpus-roots.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a log line's `ts`: ISO text by its first 10 characters, a number as epoch seconds. */
function dayOf(ts: unknown): string | undefined {
  if (typeof ts === 'number' && Number.isFinite(ts)) {
    const date = new Date(ts * 1000);
    return Number.isNaN(date.getTime()) ? undefined : utcDay(date);
  }
  const day = typeof ts === 'string' ? ts.slice(0, 10) : '';
  return DAY.test(day) ? day : undefined;
}

/**
 * Search events per UTC day from `search/query_log.jsonl` (spec 04 §1.3).
 * Blank, corrupt and non-search lines are skipped; a line without
 * `event_type` still counts, since older writers left it out.
 */
export function countQueriesByDay(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      continue;
    }
    let event: Record<string, unknown> | undefined;
    try {
      event = asRecord(JSON.parse(line));
    } catch {
      continue;
    }
    const day = dayOf(event?.ts);
    if (day === undefined || (event?.event_type ?? 'search_query') !== 'search_query') {
      continue;
    }
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

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
