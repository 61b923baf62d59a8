import { Document } from 'yaml';
import { isoSeconds } from './clock.js';
import type { CostLedger } from './costs.js';
import { sha1Hex } from './hashing.js';
import type { CorpusPlan, FeedPlan, RunPlan } from './plan-types.js';

export const PIPELINE_CODE_VERSION = '2.6.3';

export interface RunCounts {
  episodes: number;
  transcripts: number;
  gi: number;
  kg: number;
  summaries: number;
}

/** `run.json` in a run dir (spec 04 §1.3); run_id is the folder name minus `run_`. */
export function buildRunJson(
  feed: FeedPlan,
  run: RunPlan,
  counts: RunCounts,
  costUsd: number,
): Record<string, unknown> {
  return {
    run_id: run.runId,
    created_at: isoSeconds(run.createdAtMs),
    finished_at: isoSeconds(run.createdAtMs + run.durationSeconds * 1000),
    feed_url: feed.url,
    metrics: {
      run_duration_seconds: run.durationSeconds,
      episodes_scraped_total: counts.episodes,
      episodes_skipped_total: 0,
      errors_total: 0,
      transcripts_written: counts.transcripts,
      gi_artifacts_written: counts.gi,
      kg_artifacts_written: counts.kg,
      summaries_written: counts.summaries,
      cost_usd: costUsd,
    },
  };
}

function lastRun(feed: FeedPlan): RunPlan | undefined {
  return feed.runs.at(-1);
}

function processedCount(feed: FeedPlan): number {
  return feed.runs.reduce((sum, run) => sum + run.episodes.length, 0);
}

export function buildCorpusManifest(plan: CorpusPlan, ledger: CostLedger): Record<string, unknown> {
  return {
    schema_version: '1.1.0',
    produced_by: {
      code_version: PIPELINE_CODE_VERSION,
      git_sha: sha1Hex(`podcast-scraper@${PIPELINE_CODE_VERSION}`),
      produced_at: isoSeconds(plan.finishedAtMs),
    },
    updated_at: isoSeconds(plan.finishedAtMs),
    feeds: plan.feeds.map((feed) => ({
      feed_url: feed.url,
      feed_id: feed.feedId,
      stable_feed_dir: feed.dirName,
      ok: true,
      episodes_processed: processedCount(feed),
      run_ids: feed.runs.map((run) => run.runId),
      last_run_at: isoSeconds(lastRun(feed)?.createdAtMs ?? plan.finishedAtMs),
      error: null,
    })),
    cost_rollup: ledger.rollup(plan.feeds),
  };
}

export function buildCorpusRunSummary(
  plan: CorpusPlan,
  ledger: CostLedger,
): Record<string, unknown> {
  return {
    schema_version: '1.2.0',
    finished_at: isoSeconds(plan.finishedAtMs),
    overall_ok: true,
    feeds: plan.feeds.map((feed) => ({
      feed_url: feed.url,
      feed_id: feed.feedId,
      stable_feed_dir: feed.dirName,
      ok: true,
      run_id: lastRun(feed)?.runId ?? null,
      episodes_processed: processedCount(feed),
      episodes_failed: 0,
      duration_seconds: feed.runs.reduce((sum, run) => sum + run.durationSeconds, 0),
      cost_usd: ledger.feedUsd(feed.index),
    })),
    cost_rollup: ledger.rollup(plan.feeds),
  };
}

/** `feeds.spec.yaml` (spec 04 §8): bare URLs, plus one entry in object form with an allowlisted key. */
export function buildFeedsSpec(plan: CorpusPlan): string {
  const entries = plan.feeds.map((feed, i) =>
    i === plan.feeds.length - 1 && i > 0 ? { url: feed.url, max_episodes: 200 } : feed.url,
  );
  const document = new Document({ feeds: entries });
  document.commentBefore = ' Feeds this corpus was built from (written by the corpus generator).';
  return document.toString({ lineWidth: 0 });
}
