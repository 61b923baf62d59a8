const DAY_MS = 86_400_000;

/** Monday (UTC midnight, ms) of the ISO week holding `date` (YYYY-MM-DD). */
export function mondayOf(date: string): number {
  const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return ms - weekday * DAY_MS;
}

/** ISO 8601 week label (`2026-W18`) of the week starting at `monday`. */
export function isoWeekLabel(monday: number): string {
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Every Monday from `first` to `last` inclusive, or just the given ones when the span exceeds `maxWeeks`. */
export function weeksBetween(mondays: readonly number[], maxWeeks: number): number[] {
  const sorted = [...new Set(mondays)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined || (last - first) / (7 * DAY_MS) >= maxWeeks) {
    return sorted;
  }
  const all: number[] = [];
  for (let monday = first; monday <= last; monday += 7 * DAY_MS) {
    all.push(monday);
  }
  return all;
}
