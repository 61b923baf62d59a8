import type { CorpusFeed, CorpusStats, TopPerson } from '@podcast/contracts';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';
import { corpusFeedRows } from './corpus-feeds.js';
import { buildNodeEpisodeIndex, type NodeEpisodeRow, nodeEpisodeRow } from './node-episodes.js';
import { canonicalPersonId } from './person-ids.js';
import { type CoverageReport, coverageReport, publishMonthHistogram } from './publish-months.js';
import { rankTopPersons } from './top-persons.js';

export type CorpusStatsBody = Omit<CorpusStats, 'path'>;

/** Feeds with their newest publish date (`GET /api/corpus/feeds`). */
export const corpusFeedsOf: (snapshot: CorpusSnapshot) => CorpusFeed[] = perSnapshot((s) =>
  corpusFeedRows(s.feeds, s.episodes),
);

/** Counts and the publish-month histogram (`GET /api/corpus/stats`). */
export const corpusStatsOf: (snapshot: CorpusSnapshot) => CorpusStatsBody = perSnapshot((s) => {
  const { histogram, undated } = publishMonthHistogram(s.episodes);
  return {
    episode_count: s.episodes.length,
    feed_count: s.feeds.length,
    undated_episode_count: undated,
    publish_month_histogram: histogram,
  };
});

/** GI/KG presence by month and feed (`GET /api/corpus/coverage`). */
export const corpusCoverageOf: (snapshot: CorpusSnapshot) => CoverageReport = perSnapshot((s) =>
  coverageReport(s.episodes),
);

/** Every listed speaker ranked by grounded insights (`GET /api/corpus/persons/top`). */
export const topPersonsOf: (snapshot: CorpusSnapshot) => TopPerson[] = perSnapshot((s) =>
  rankTopPersons(s.episodes.map((e) => ({ graph: s.graphOf(e), bridge: s.bridgeOf(e) }))),
);

const nodeIndexOf = perSnapshot((s) =>
  buildNodeEpisodeIndex(s.episodes, (e) => ({
    graph: s.graphOf(e),
    kg: s.kgOf(e),
    bridge: s.bridgeOf(e),
  })),
);

export interface NodeEpisodesResult {
  items: NodeEpisodeRow[];
  total: number;
  truncated: boolean;
}

/** Episodes whose GI, KG or bridge mentions `nodeId`, newest first, at most `limit`. */
export function findNodeEpisodes(
  snapshot: CorpusSnapshot,
  nodeId: string,
  limit: number,
): NodeEpisodesResult {
  const episodes = nodeIndexOf(snapshot).get(canonicalPersonId(nodeId)) ?? [];
  return {
    items: episodes.slice(0, limit).map(nodeEpisodeRow),
    total: episodes.length,
    truncated: episodes.length > limit,
  };
}
