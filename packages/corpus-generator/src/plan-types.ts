import type { Domain } from './vocabulary/domain.js';

export interface Person {
  id: string;
  name: string;
  role: 'host' | 'guest' | 'mentioned';
  /** Job title and employer, for guests ("a hydrologist", "Riverside Water Authority"). */
  jobTitle?: string;
  org?: string;
}

export interface Topic {
  id: string;
  label: string;
  slug: string;
  family: string;
  plural: boolean;
}

/** An image in the corpus art store; relpath is corpus-root relative. */
export interface ArtImage {
  relpath: string;
  bytes: Uint8Array;
}

export type GiForm = 'pipeline' | 'strict';

/** Things left out of an episode on purpose; each maps to a README line and a test. */
export type MissingKind =
  | 'no_transcript'
  | 'no_segments'
  | 'no_gi'
  | 'no_kg'
  | 'no_bridge'
  | 'no_summary'
  | 'no_media_url'
  | 'no_enrichments';

export interface EpisodePlan {
  feedIndex: number;
  number: number;
  title: string;
  episodeId: string;
  guid: string | undefined;
  publishedMs: number;
  link: string;
  description: string;
  guests: Person[];
  topics: Topic[];
  seed: number;
  giForm: GiForm;
  hasAdfree: boolean;
  hasCleaned: boolean;
  imageUrl: string | undefined;
  art: ArtImage | undefined;
  mediaUrl: string;
  /** Runs that contain this episode; 2 for the deliberate duplicates. */
  runCount: number;
  missing: MissingKind[];
}

export interface RunPlan {
  feedIndex: number;
  /** Folder name minus `run_`, which is what rollback calls the run id (spec 04 §8). */
  runId: string;
  dirName: string;
  suffix: string;
  createdAtMs: number;
  durationSeconds: number;
  episodes: EpisodePlan[];
}

export interface FeedPlan {
  index: number;
  domain: Domain;
  title: string;
  host: string;
  url: string;
  feedId: string;
  dirName: string;
  podcastId: string;
  description: string;
  hosts: Person[];
  imageUrl: string;
  art: ArtImage | undefined;
  runs: RunPlan[];
  episodes: EpisodePlan[];
}

export interface CorpusPlan {
  seed: number;
  baseMs: number;
  layout: 'feed-run' | 'flat';
  transcriptLines: { min: number; max: number };
  compactJson: boolean;
  feeds: FeedPlan[];
  /** Every person that can appear, for artifacts that list people corpus-wide. */
  finishedAtMs: number;
}
