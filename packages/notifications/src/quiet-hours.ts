import type { QuietHours } from '@podcast/contracts';
import type { LocalTime } from './local-time.js';

/** Whether the local hour lies in the window; start > end wraps past midnight. */
export function isQuietHour(hour: number, window: QuietHours): boolean {
  const { start_hour: start, end_hour: end } = window;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/**
 * When push may go out for a tick at `at` (the top of an hour) whose local
 * reading is `local`: `at` itself outside quiet hours, else the top of the
 * window's end hour. Counted in whole hours, so a DST change inside the
 * window moves the release by that hour; the envelope is then still held,
 * never sent inside the window's core.
 */
export function pushNotBefore(at: Date, local: LocalTime, window: QuietHours | null): Date {
  if (window === null || !isQuietHour(local.hour, window)) {
    return at;
  }
  const wait = (window.end_hour - local.hour + 24) % 24;
  const top = Math.floor(at.getTime() / 3_600_000) * 3_600_000;
  return new Date(top + wait * 3_600_000);
}
