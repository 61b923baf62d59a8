import type { CorpusFeed, CorpusStats, TopPerson } from '@podcast/contracts';
import { canonicalPersonId } from '../readers/person-ids.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot, perSnapshotInSlices } from '../snapshot/snapshot-memo.js';
import { forEachInSlices } from '../snapshot/time-slicer.js';
import { corpusFeedRows } from './corpus-feeds.js';
import { addToNodeEpisodeIndex, type NodeEpisodeRow, nodeEpisodeRow } from './node-episodes.js';
import {
  type CoverageReport,
  coverageReport,
  type MonthHistogram,
  publishMonthHistogram,
} from './publish-months.js';
import { createPersonTally } from './top-persons.js';

export type CorpusStatsBody = Omit<CorpusStats, 'path'>;

/** Feeds with their newest publish date (`GET /api/corpus/feeds`). */
export const corpusFeedsOf: (snapshot: CorpusSnapshot) => CorpusFeed[] = perSnapshot((s) =>
  corpusFeedRows(s.feeds, s.episodes),
);

/** Counts and the publish-month histogram (`GET /api/corpus/stats`). */
export const corpusStatsOf: (snapshot: CorpusSnapshot) => CorpusStatsBody = perSnapshot((s) =>
  corpusStatsFrom(publishMonthHistogram(s.episodes), s.feeds.length),
);

/** The stats of a publish-month histogram: every episode is dated in one month or undated. */
export function corpusStatsFrom(months: MonthHistogram, feedCount: number): CorpusStatsBody {
  const dated = Object.values(months.histogram).reduce((sum, n) => sum + n, 0);
  return {
    episode_count: dated + months.undated,
    feed_count: feedCount,
    undated_episode_count: months.undated,
    publish_month_histogram: months.histogram,
  };
}

/** GI/KG presence by month and feed (`GET /api/corpus/coverage`). */
export const corpusCoverageOf: (snapshot: CorpusSnapshot) => CoverageReport = perSnapshot((s) =>
  coverageReport(s.episodes),
);

/*
 * The two values below read every episode's GI (and KG, bridge): at 100,000
 * episodes that takes seconds, so they are built in slices and kept warm
 * after a change (`perSnapshotInSlices`), like the graph index.
 */

/** Every listed speaker ranked by grounded insights (`GET /api/corpus/persons/top`). */
export const topPersonsOf: (snapshot: CorpusSnapshot) => Promise<TopPerson[]> = perSnapshotInSlices(
  async (s, slicer) => {
    const tally = createPersonTally();
    await forEachInSlices(s.episodes, slicer, (e) =>
      tally.add({ graph: s.graphOf(e), bridge: s.bridgeOf(e) }),
    );
    return tally.ranked();
  },
  'top_persons',
);

const nodeIndexOf = perSnapshotInSlices(async (s, slicer) => {
  const index = new Map<string, EpisodeRecord[]>();
  await forEachInSlices(s.episodes, slicer, (e) =>
    addToNodeEpisodeIndex(index, e, { graph: s.graphOf(e), kg: s.kgOf(e), bridge: s.bridgeOf(e) }),
  );
  return index;
}, 'node_episodes');

export interface NodeEpisodesResult {
  items: NodeEpisodeRow[];
  total: number;
  truncated: boolean;
}

/** Episodes whose GI, KG or bridge mentions `nodeId`, newest first, at most `limit`. */
export async function findNodeEpisodes(
  snapshot: CorpusSnapshot,
  nodeId: string,
  limit: number,
): Promise<NodeEpisodesResult> {
  const episodes = (await nodeIndexOf(snapshot)).get(canonicalPersonId(nodeId)) ?? [];
  return nodeEpisodesOf(episodes, episodes.length, limit);
}

/** The answer of a node's first episodes (at least `limit` of them when there are) and its total. */
export function nodeEpisodesOf(
  first: readonly EpisodeRecord[],
  total: number,
  limit: number,
): NodeEpisodesResult {
  return { items: first.slice(0, limit).map(nodeEpisodeRow), total, truncated: total > limit };
}
