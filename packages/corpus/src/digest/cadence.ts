export interface Cadence {
  dated_episodes: number;
  first_publish_date: string | null;
  last_publish_date: string | null;
  median_days_between: number | null;
  episodes_per_month: number | null;
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Calendar months from the first day's month through the last day's, both counted. */
function monthsSpanned(first: string, last: string): number {
  const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return months(last) - months(first) + 1;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Publishing rhythm of a show from its episodes' publish days (any order).
 * Two episodes on one day make a gap of 0. The monthly rate spreads the
 * episodes over every calendar month from the first to the last one, quiet
 * months included, so a hiatus lowers it.
 */
export function cadenceOf(days: readonly string[]): Cadence {
  const sorted = [...days].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) {
    return {
      dated_episodes: 0,
      first_publish_date: null,
      last_publish_date: null,
      median_days_between: null,
      episodes_per_month: null,
    };
  }
  const gaps = sorted.slice(1).map((day, i) => dayNumber(day) - dayNumber(sorted[i] as string));
  return {
    dated_episodes: sorted.length,
    first_publish_date: first,
    last_publish_date: last,
    median_days_between: gaps.length === 0 ? null : round(median(gaps), 1),
    episodes_per_month: round(sorted.length / monthsSpanned(first, last), 2),
  };
}
