import type { EpisodeStatus as CatalogStatus } from '@podcast/contracts';

/**
 * The catalog status of an episode (docs/decisions/catalog.md). The corpus
 * record keeps the reference's two values (ready when a transcript is named,
 * else pending); the app also needs to tell a transcript that still waits
 * for its insights apart from a finished episode.
 */
export function catalogStatusOf(episode: {
  has_transcript: boolean;
  has_gi: boolean;
}): CatalogStatus {
  if (!episode.has_transcript) {
    return 'pending';
  }
  return episode.has_gi ? 'ready' : 'partial';
}
