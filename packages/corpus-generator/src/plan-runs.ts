import { HOUR_MS, MINUTE_MS, runTimestamp } from './clock.js';
import { sha1Hex } from './hashing.js';
import type { EpisodePlan, FeedPlan, RunPlan } from './plan-types.js';
import { createRng, deriveSeed, type Rng } from './prng.js';

function makeRun(
  rng: Rng,
  feed: FeedPlan,
  episodes: EpisodePlan[],
  afterMs: number,
  flat: boolean,
): RunPlan {
  const createdAtMs =
    afterMs + rng.int(6, 30) * HOUR_MS + rng.int(0, 59) * MINUTE_MS + rng.int(0, 59) * 1000;
  const timestamp = runTimestamp(createdAtMs);
  const suffix = sha1Hex(`${feed.url}|${timestamp}`).slice(0, 8);
  const runId = `${timestamp}_${suffix}`;
  return {
    feedIndex: feed.index,
    runId,
    dirName: flat ? '' : `run_${runId}`,
    suffix,
    createdAtMs,
    durationSeconds: 30 + episodes.length * rng.int(40, 120),
    episodes,
  };
}

/** Whether this feed gets an incremental second run (every tenth feed, from the first). */
export function hasSecondRun(feedIndex: number, episodeCount: number, flat: boolean): boolean {
  return !flat && feedIndex % 10 === 0 && episodeCount >= 4;
}

/**
 * One run per feed, except that every tenth feed gets an incremental second
 * run which re-processes the last two episodes of the first run (same feed_id
 * and episode_id, so readers must deduplicate) and adds the newest third.
 */
export function planRuns(
  seed: number,
  feed: FeedPlan,
  episodes: EpisodePlan[],
  flat: boolean,
): RunPlan[] {
  const rng = createRng(deriveSeed(seed, 'runs', feed.index));
  const newest = episodes.at(-1);
  if (!newest) {
    return [];
  }
  if (!hasSecondRun(feed.index, episodes.length, flat)) {
    return [makeRun(rng, feed, episodes, newest.publishedMs, flat)];
  }
  const newCount = Math.max(1, Math.floor(episodes.length / 3));
  const firstBatch = episodes.slice(0, episodes.length - newCount);
  const repeated = firstBatch.slice(-Math.min(2, firstBatch.length));
  const lastOfFirst = firstBatch.at(-1) as EpisodePlan;
  for (const episode of repeated) {
    episode.runCount = 2;
  }
  const first = makeRun(rng, feed, firstBatch, lastOfFirst.publishedMs, flat);
  const secondBatch = [...repeated, ...episodes.slice(firstBatch.length)];
  const afterMs = Math.max(newest.publishedMs, first.createdAtMs);
  return [first, makeRun(rng, feed, secondBatch, afterMs, flat)];
}
