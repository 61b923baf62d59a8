import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';
import { episodesInRange } from './build-digest.js';
import { addDays, utcDay } from './digest-window.js';
import { type EpisodeSignals, episodeSignalsOf, type LabeledId } from './episode-signals.js';

export interface TrendingRow {
  id: string;
  label: string;
  count: number;
  previous_count: number;
  score: number;
}

export interface CorpusTrending {
  as_of: string;
  period_days: number;
  current_start: string;
  previous_start: string;
  topics: TrendingRow[];
  persons: TrendingRow[];
}

/** Each period is the 30 publish days ending today, compared with the 30 before. */
export const TRENDING_PERIOD_DAYS = 30;

/**
 * Growth against the previous period, damped so one new mention does not
 * outrank a steady climb: (count - previous) / (previous + 1).
 */
export function trendingScore(count: number, previousCount: number): number {
  return Math.round(((count - previousCount) / (previousCount + 1)) * 1000) / 1000;
}

function tally(
  episodes: ReadonlyArray<readonly LabeledId[]>,
): Map<string, LabeledId & { n: number }> {
  const counts = new Map<string, LabeledId & { n: number }>();
  for (const entities of episodes) {
    for (const { id, label } of entities) {
      const entry = counts.get(id);
      // Episodes come newest first, so the label is the most recent spelling.
      counts.set(id, entry ? { ...entry, n: entry.n + 1 } : { id, label, n: 1 });
    }
  }
  return counts;
}

/**
 * Entities of the current period ranked by score, then count, then id;
 * entities absent from the current period are not trending and stay out.
 */
export function rankTrending(
  current: ReadonlyArray<readonly LabeledId[]>,
  previous: ReadonlyArray<readonly LabeledId[]>,
): TrendingRow[] {
  const before = tally(previous);
  return [...tally(current).values()]
    .map(({ id, label, n }) => {
      const previousCount = before.get(id)?.n ?? 0;
      return {
        id,
        label,
        count: n,
        previous_count: previousCount,
        score: trendingScore(n, previousCount),
      };
    })
    .sort(
      (a, b) => b.score - a.score || b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/** The two periods trending compares as of `now`'s UTC day: publish days, both ends included. */
export function trendingPeriods(now: Date) {
  const asOf = utcDay(now);
  const currentStart = addDays(asOf, 1 - TRENDING_PERIOD_DAYS);
  return {
    asOf,
    current: { start: currentStart, end: asOf },
    previous: {
      start: addDays(asOf, 1 - 2 * TRENDING_PERIOD_DAYS),
      end: addDays(currentStart, -1),
    },
  };
}

function computeTrending(snapshot: CorpusSnapshot, now: Date): CorpusTrending {
  const periods = trendingPeriods(now);
  const { asOf } = periods;
  const currentStart = periods.current.start;
  const previousStart = periods.previous.start;
  const signals = (range: { start: string; end: string }) =>
    episodesInRange(snapshot.episodes, range).map((e) => episodeSignalsOf(snapshot, e));
  const current = signals(periods.current);
  const previous = signals(periods.previous);
  const rank = (kind: keyof EpisodeSignals) =>
    rankTrending(
      current.map((s) => s[kind]),
      previous.map((s) => s[kind]),
    );
  return {
    as_of: asOf,
    period_days: TRENDING_PERIOD_DAYS,
    current_start: currentStart,
    previous_start: previousStart,
    topics: rank('topics'),
    persons: rank('persons'),
  };
}

const byDayOf = perSnapshot(() => new Map<string, CorpusTrending>());

/** Trending topics and persons as of `now`'s UTC day, `limit` of each kind. */
export function corpusTrending(snapshot: CorpusSnapshot, now: Date, limit: number): CorpusTrending {
  const asOf = utcDay(now);
  const byDay = byDayOf(snapshot);
  let full = byDay.get(asOf);
  if (full === undefined) {
    full = computeTrending(snapshot, now);
    byDay.set(asOf, full);
  }
  return { ...full, topics: full.topics.slice(0, limit), persons: full.persons.slice(0, limit) };
}
