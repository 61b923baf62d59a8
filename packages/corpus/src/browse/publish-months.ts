import type { CorpusCoverage } from '@podcast/contracts';
import type { EpisodeRecord } from '../records/episode-record.js';

type CoverageInput = Pick<
  EpisodeRecord,
  'publish_date' | 'feed_id' | 'podcast_title' | 'has_gi' | 'has_kg'
>;

export type CoverageReport = Omit<CorpusCoverage, 'path'>;

type CoverageCounts = CoverageReport['total'];

export interface MonthHistogram {
  /** YYYY-MM → dated episodes, keys in ascending order. */
  histogram: Record<string, number>;
  undated: number;
}

const monthOf = (publishDate: string | null) => publishDate?.slice(0, 7) ?? null;

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function publishMonthHistogram(episodes: readonly CoverageInput[]): MonthHistogram {
  const counts = new Map<string, number>();
  let undated = 0;
  for (const episode of episodes) {
    const month = monthOf(episode.publish_date);
    if (month === null) {
      undated++;
    } else {
      counts.set(month, (counts.get(month) ?? 0) + 1);
    }
  }
  return monthHistogramOf(counts, undated);
}

/** The histogram of per-month counts given in any order: months ascending, as the answer lists them. */
export function monthHistogramOf(
  counts: Iterable<readonly [string, number]>,
  undated: number,
): MonthHistogram {
  const sorted = [...counts].sort(([a], [b]) => byKey(a, b));
  return { histogram: Object.fromEntries(sorted), undated };
}

const emptyCounts = (): CoverageCounts => ({ episodes: 0, with_gi: 0, with_kg: 0, with_both: 0 });

/** `episodes` episodes of one publish month and feed that agree on having a GI and a KG file. */
export interface CoverageGroup {
  month: string | null;
  feed_id: string;
  has_gi: boolean;
  has_kg: boolean;
  episodes: number;
}

function addTo(counts: CoverageCounts, group: CoverageGroup): void {
  counts.episodes += group.episodes;
  counts.with_gi += group.has_gi ? group.episodes : 0;
  counts.with_kg += group.has_kg ? group.episodes : 0;
  counts.with_both += group.has_gi && group.has_kg ? group.episodes : 0;
}

function bucket<K>(map: Map<K, CoverageCounts>, key: K): CoverageCounts {
  let counts = map.get(key);
  if (counts === undefined) {
    counts = emptyCounts();
    map.set(key, counts);
  }
  return counts;
}

/**
 * GI/KG sibling presence by publish month (oldest first, undated last) and
 * by feed (by feed_id, the empty id last).
 */
export function coverageReport(episodes: readonly CoverageInput[]): CoverageReport {
  const titles = new Map<string, string | null>();
  const groups: CoverageGroup[] = [];
  for (const episode of episodes) {
    groups.push({
      month: monthOf(episode.publish_date),
      feed_id: episode.feed_id,
      has_gi: episode.has_gi,
      has_kg: episode.has_kg,
      episodes: 1,
    });
    if (!titles.get(episode.feed_id)) {
      titles.set(episode.feed_id, episode.podcast_title);
    }
  }
  return coverageReportOf(groups, (feedId) => titles.get(feedId) ?? null);
}

/**
 * The coverage of episodes counted in groups given in any order, each feed
 * titled by `titleOf` (its first titled episode in catalog order).
 */
export function coverageReportOf(
  groups: Iterable<CoverageGroup>,
  titleOf: (feedId: string) => string | null,
): CoverageReport {
  const total = emptyCounts();
  const months = new Map<string | null, CoverageCounts>();
  const feeds = new Map<string, CoverageCounts>();
  for (const group of groups) {
    addTo(total, group);
    addTo(bucket(months, group.month), group);
    addTo(bucket(feeds, group.feed_id), group);
  }
  const monthKeys = [...months.keys()].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : byKey(a, b),
  );
  const feedKeys = [...feeds.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : byKey(a, b)));
  return {
    total,
    by_month: monthKeys.map((month) => ({ month, ...(months.get(month) as CoverageCounts) })),
    by_feed: feedKeys.map((feed_id) => ({
      feed_id,
      podcast_title: titleOf(feed_id),
      ...(feeds.get(feed_id) as CoverageCounts),
    })),
  };
}
