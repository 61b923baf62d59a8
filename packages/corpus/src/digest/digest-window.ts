import type { DigestWindow } from '@podcast/contracts';

/** The windows of GET /api/corpus/digest (spec 01). */
export type DigestWindowName = DigestWindow;

/** Inclusive publish-day bounds (`YYYY-MM-DD`); empty when `start > end`. */
export interface DayRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (negative goes back). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** First and last day of the UTC calendar month before the one `now` falls in. */
export function previousUtcMonth(now: Date): DayRange {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  // Day 0 of the current month is the last day of the previous one, leap years included.
  const last = new Date(Date.UTC(year, month, 0));
  const first = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), 1));
  return { start: utcDay(first), end: utcDay(last) };
}

/**
 * Publish dates are whole days, so a rolling window keeps every day that
 * overlaps [now - span, now]: for 24h that is yesterday and today, for 7d the
 * last eight calendar days. Days after today (scheduled episodes) stay out.
 */
export function digestDayRange(window: DigestWindowName, now: Date, since?: string): DayRange {
  const today = utcDay(now);
  switch (window) {
    case '24h':
      return { start: utcDay(new Date(now.getTime() - DAY_MS)), end: today };
    case '7d':
      return { start: utcDay(new Date(now.getTime() - 7 * DAY_MS)), end: today };
    case '1mo':
      return previousUtcMonth(now);
    case 'since':
      if (since === undefined) {
        throw new TypeError('since is required for window=since');
      }
      return { start: since, end: today };
  }
}

export function isDayInRange(day: string | null, range: DayRange): boolean {
  return day !== null && day >= range.start && day <= range.end;
}
