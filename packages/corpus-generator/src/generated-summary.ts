import type { MissingKind } from './plan-types.js';

/** One deliberate gap, as listed in the corpus README and returned to callers. */
export interface MissingEntry {
  kind: MissingKind;
  feed_title: string;
  episode_title: string;
  episode_id: string;
  /** Corpus-relative path of the episode's metadata file. */
  metadata_relpath: string;
}

export interface GeneratedCorpusSummary {
  /** Absolute output folder. */
  out: string;
  feeds: number;
  runs: number;
  /** Distinct (feed, episode_id) pairs, after dedup. */
  episodes: number;
  /** Metadata files written, counting re-processed episodes once per run. */
  metadataFiles: number;
  files: number;
  bytes: number;
  /** Corpus-relative paths of the GI files written in the strict 1.0 form. */
  strictGiFiles: string[];
  /** Episode ids present in two runs of one feed (the dedup setup). */
  duplicatedEpisodeIds: string[];
  missing: MissingEntry[];
  /** Corpus-relative paths of the art store images. */
  artFiles: string[];
}

export const MISSING_DESCRIPTIONS: Record<MissingKind, string> = {
  no_transcript:
    'no transcript: `content.transcript_file_path` unset, no transcript files, so no GI and no enrichments; the KG comes from the summary (`summary_bullets`)',
  no_segments:
    'transcript set but `<base>.segments.json` missing (and no ad-free variant to fall back on)',
  no_gi: 'no `<stem>.gi.json` (and no `grounded_insights` block, no per-episode enrichments)',
  no_kg: 'no `<stem>.kg.json` (and no `knowledge_graph` block)',
  no_bridge: 'GI and KG present but no `<stem>.bridge.json`',
  no_summary: 'no `summary` block in the metadata',
  no_media_url: 'no `content.media_url` / `media_type` (no origin enclosure)',
  no_enrichments: 'GI present but no `metadata/enrichments/<stem>.*.json`',
};
