import type { EpisodePlan, FeedPlan, RunPlan } from './plan-types.js';
import { fileSafeTitle, padNumber } from './text.js';

/** Production stem: `NNNN - <title cut to ~30 chars>_<run suffix>` (spec 04 §1.1). */
export function episodeStem(episode: EpisodePlan, run: RunPlan): string {
  return `${padNumber(episode.number, 4)} - ${fileSafeTitle(episode.title, 30)}_${run.suffix}`;
}

/** Corpus-relative folder holding `metadata/` and `transcripts/`: the run dir, or the root when flat. */
export function runRelDir(feed: FeedPlan, run: RunPlan): string {
  return run.dirName === '' ? '' : `feeds/${feed.dirName}/${run.dirName}`;
}

export function joinRel(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('/');
}
