/**
 * Fixed time base. Nothing here reads the wall clock or the local time zone:
 * every timestamp is an offset from BASE_DATE_MS, formatted in UTC.
 */
export const DEFAULT_BASE_DATE = '2026-11-16';
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Parses `YYYY-MM-DD` as midnight UTC; returns undefined for anything else. */
export function parseBaseDate(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) {
    return undefined;
  }
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().startsWith(text) ? ms : undefined;
}

/** ISO 8601 in UTC without milliseconds, e.g. `2026-03-14T09:30:00Z`. */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isoMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** `YYYYMMDD-HHMMSS`, the timestamp part of a production run folder (spec 04 §1.1). */
export function runTimestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
}

export function startOfDay(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}
