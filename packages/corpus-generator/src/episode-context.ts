import type { InsightModel } from './insights.js';
import type { EpisodePlan, FeedPlan, Person, RunPlan } from './plan-types.js';
import type { Script } from './script.js';
import type { RenderedTranscript } from './transcript.js';

/** Everything the per-episode artifact builders read; built once per episode and run. */
export interface EpisodeContext {
  feed: FeedPlan;
  episode: EpisodePlan;
  run: RunPlan;
  stem: string;
  /** Run-dir relative (spec 04 §2.1), e.g. `transcripts/<stem>.txt`. */
  transcriptRef: string;
  script: Script;
  transcript: RenderedTranscript;
  /** People who speak, in order of first appearance. */
  speakers: Person[];
  insights: InsightModel[];
  /** When this run wrote the episode's files; also their mtime. */
  processedAtMs: number;
  /** Large benchmark corpora write JSON without indentation to stay small on disk. */
  compactJson: boolean;
}

export function episodeNodeId(episodeId: string): string {
  return `episode:${episodeId}`;
}

export function hasMissing(context: EpisodeContext, kind: EpisodePlan['missing'][number]): boolean {
  return context.episode.missing.includes(kind);
}
