import type { ResolvedEpisodeArtifacts, ResolveEpisodeArtifactsResponse } from '@podcast/contracts';
import type { EpisodeRecord } from '../records/episode-record.js';

export type ArtifactResolution = Omit<ResolveEpisodeArtifactsResponse, 'path'>;

type ArtifactFields = Pick<
  EpisodeRecord,
  'metadata_relpath' | 'gi_relpath' | 'kg_relpath' | 'bridge_relpath'
>;

/**
 * Maps logical episode ids to their sibling artifact paths, in request order
 * and once per id. An id whose episode is unknown or has no GI file is missing.
 */
export function resolveEpisodeArtifacts(
  episodeIds: readonly string[],
  findById: (episodeId: string) => ArtifactFields | undefined,
): ArtifactResolution {
  const items: ResolvedEpisodeArtifacts[] = [];
  const missing: string[] = [];
  for (const episodeId of new Set(episodeIds)) {
    const episode = findById(episodeId);
    if (episode === undefined || episode.gi_relpath === null) {
      missing.push(episodeId);
      continue;
    }
    items.push({
      episode_id: episodeId,
      metadata_relpath: episode.metadata_relpath,
      gi_relative_path: episode.gi_relpath,
      kg_relative_path: episode.kg_relpath,
      bridge_relative_path: episode.bridge_relpath,
    });
  }
  return { items, missing_episode_ids: missing };
}
