import { asRecord } from '../readers/lenient-values.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a log line's `ts`: ISO text by its first 10 characters, a number as epoch seconds. */
function dayOf(ts: unknown): string | undefined {
  if (typeof ts === 'number' && Number.isFinite(ts)) {
    const date = new Date(ts * 1000);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
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
