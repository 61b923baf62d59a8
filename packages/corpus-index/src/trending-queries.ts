import {
  type CorpusTrending,
  type LabeledId,
  rankTrending,
  TRENDING_PERIOD_DAYS,
  trendingPeriods,
} from '@podcast/corpus';
import type { IndexKysely } from './index-file.js';

/**
 * Trending topics as of `now`'s UTC day, `limit` of them, ranked by the
 * projection's `rankTrending` over each episode's stored topic list
 * (`episode_topics`, the topics of `episodeSignalsFrom`), newest episode
 * first so a topic keeps its most recent label. Undated episodes ('' here)
 * fall in no period.
 */
export async function trendingTopicsFromIndex(
  db: IndexKysely,
  now: Date,
  limit: number,
): Promise<Pick<CorpusTrending, 'as_of' | 'period_days' | 'topics'>> {
  const periods = trendingPeriods(now);
  const rows = await db
    .selectFrom('episodes as e')
    .innerJoin('episode_topics as t', 't.episode', 'e.id')
    .select(['e.id', 'e.sort_date', 't.topic_id', 't.label'])
    .where('e.sort_date', '>=', periods.previous.start)
    .where('e.sort_date', '<=', periods.current.end)
    .orderBy('e.sort_date', 'desc')
    .orderBy('e.metadata_relpath')
    .orderBy('t.position')
    .execute();
  const current: LabeledId[][] = [];
  const previous: LabeledId[][] = [];
  let episode: number | undefined;
  let topics: LabeledId[] = [];
  for (const row of rows) {
    if (row.id !== episode) {
      episode = row.id;
      topics = [];
      (row.sort_date >= periods.current.start ? current : previous).push(topics);
    }
    topics.push({ id: row.topic_id, label: row.label });
  }
  return {
    as_of: periods.asOf,
    period_days: TRENDING_PERIOD_DAYS,
    topics: rankTrending(current, previous).slice(0, limit),
  };
}
