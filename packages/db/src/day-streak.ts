/** The calendar day before `day`; both are YYYY-MM-DD. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Length of the run of consecutive active days that ends today, or ends
 * yesterday when today has no activity yet: a streak is not lost before the day
 * is over. Days are YYYY-MM-DD in the user's time zone.
 */
export function dayStreak(activeDays: Iterable<string>, today: string): number {
  const active = new Set(activeDays);
  let day = active.has(today) ? today : previousDay(today);
  let streak = 0;
  while (active.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}
