import { createHash } from 'node:crypto';
import { isoWeekLabel, mondayOf } from '@podcast/corpus';
import type { LocalTime } from './local-time.js';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The user's local day: YYYYMMDD (daily recap, daily digest). */
export function dayKey(local: LocalTime): string {
  return `${pad(local.year, 4)}${pad(local.month)}${pad(local.day)}`;
}

/** The user's local month: YYYYMM (recommendations digest). */
export function monthKey(local: LocalTime): string {
  return `${pad(local.year, 4)}${pad(local.month)}`;
}

/**
 * The ISO 8601 week of the local day, as 2026W47 (weekly digest). The week
 * belongs to the year of its Thursday, so 2027-01-01 (a Friday) is 2026W53.
 */
export function isoWeekKey(local: LocalTime): string {
  const day = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
  return isoWeekLabel(mondayOf(day)).replace('-W', 'W');
}

/** Day plus 8 hex of the endpoint's SHA-256: one resurface nudge per subscription per day. */
export function nudgeKey(local: LocalTime, endpoint: string): string {
  const hash = createHash('sha256').update(endpoint).digest('hex').slice(0, 8);
  return `${dayKey(local)}-${hash}`;
}
