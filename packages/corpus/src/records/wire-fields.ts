import type { EpisodeRecord } from './episode-record.js';

/** Which of an episode's files exist, under the wire names every episode row uses. */
export function availabilityOf(
  episode: Pick<
    EpisodeRecord,
    'has_transcript' | 'has_summary' | 'has_gi' | 'has_kg' | 'has_bridge'
  >,
) {
  return {
    has_transcript: episode.has_transcript,
    has_summary: episode.has_summary,
    has_gi: episode.has_gi,
    has_kg: episode.has_kg,
    has_bridge: episode.has_bridge,
  };
}

/** The GI, KG and bridge files' root-relative paths, under their wire names. */
export function graphPathsOf(
  episode: Pick<EpisodeRecord, 'gi_relpath' | 'kg_relpath' | 'bridge_relpath'>,
) {
  return {
    gi_relative_path: episode.gi_relpath,
    kg_relative_path: episode.kg_relpath,
    bridge_relative_path: episode.bridge_relpath,
  };
}
