import type { FeedPlan } from './plan-types.js';
import type { Rng } from './prng.js';

export const STAGES = [
  'transcription',
  'summarization',
  'grounded_insights',
  'knowledge_graph',
  'enrichment',
] as const;
export type Stage = (typeof STAGES)[number];

/** Costs are kept in integer micro-dollars so sums never pick up float noise. */
export type StageCosts = Record<Stage, number>;

export function episodeCosts(
  rng: Rng,
  durationSeconds: number,
  flags: { hasGi: boolean; hasKg: boolean; hasSummary: boolean },
): StageCosts {
  return {
    transcription: Math.round((durationSeconds / 60) * 6000),
    summarization: flags.hasSummary ? rng.int(2000, 9000) : 0,
    grounded_insights: flags.hasGi ? rng.int(10_000, 30_000) : 0,
    knowledge_graph: flags.hasKg ? rng.int(5000, 15_000) : 0,
    enrichment: flags.hasGi ? rng.int(200, 2000) : 0,
  };
}

function usd(micros: number): number {
  return Math.round(micros) / 1_000_000;
}

export class CostLedger {
  private readonly stages: StageCosts = {
    transcription: 0,
    summarization: 0,
    grounded_insights: 0,
    knowledge_graph: 0,
    enrichment: 0,
  };
  private readonly feeds = new Map<number, number>();
  private episodes = 0;

  add(feedIndex: number, costs: StageCosts): void {
    let sum = 0;
    for (const stage of STAGES) {
      this.stages[stage] += costs[stage];
      sum += costs[stage];
    }
    this.feeds.set(feedIndex, (this.feeds.get(feedIndex) ?? 0) + sum);
    this.episodes += 1;
  }

  feedUsd(feedIndex: number): number {
    return usd(this.feeds.get(feedIndex) ?? 0);
  }

  /** The `cost_rollup` block of the manifest and the run summary (spec 04 §1.3). */
  rollup(feeds: readonly FeedPlan[]): Record<string, unknown> {
    const total = STAGES.reduce((sum, stage) => sum + this.stages[stage], 0);
    return {
      currency: 'USD',
      total_cost_usd: usd(total),
      by_stage: Object.fromEntries(STAGES.map((stage) => [stage, usd(this.stages[stage])])),
      by_feed: feeds.map((feed) => ({
        feed_id: feed.feedId,
        feed_url: feed.url,
        cost_usd: this.feedUsd(feed.index),
      })),
      episodes_costed: this.episodes,
    };
  }
}
