import { HOUR_MS } from './clock.js';
import { planPeople } from './people.js';
import { planFeedEpisodes } from './plan-episodes.js';
import { domainForFeed, planFeedShell } from './plan-feeds.js';
import { planRuns } from './plan-runs.js';
import type { CorpusPlan, FeedPlan } from './plan-types.js';
import { assignMissing, assignVariants } from './plan-variants.js';

export interface PlanOptions {
  seed: number;
  baseMs: number;
  /** Episodes per feed, one entry per feed. */
  episodeCounts: readonly number[];
  layout: 'feed-run' | 'flat';
  transcriptLines: { min: number; max: number };
  compactJson: boolean;
}

/** The whole corpus as data: no IO, same options → same plan. */
export function planCorpus(options: PlanOptions): CorpusPlan {
  const { seed, baseMs, episodeCounts, layout } = options;
  const pools = planPeople(
    seed,
    episodeCounts.map((_, index) => domainForFeed(index)),
  );
  const usedHosts = new Set<string>();
  const feeds: FeedPlan[] = episodeCounts.map((count, index) => {
    const hosts = pools.hostsByFeed[index] ?? [];
    const feed = planFeedShell(seed, { index, hosts }, episodeCounts.length, usedHosts);
    feed.episodes = planFeedEpisodes(seed, baseMs, feed, count, pools);
    feed.runs = planRuns(seed, feed, feed.episodes, layout === 'flat');
    return feed;
  });
  assignVariants(seed, feeds);
  assignMissing(seed, feeds);
  const runEnds = feeds.flatMap((f) => f.runs.map((r) => r.createdAtMs + r.durationSeconds * 1000));
  return {
    seed,
    baseMs,
    layout,
    transcriptLines: options.transcriptLines,
    compactJson: options.compactJson,
    feeds,
    finishedAtMs: Math.max(baseMs - HOUR_MS, ...runEnds) + HOUR_MS,
  };
}
