import type { SegmentsContract } from '@podcast/contracts';
import type { SegmentRow } from '../readers/segments.js';

/**
 * The segments contract of spec 01 over rows read by `readSegments`. Rows
 * with a negative time cannot be placed on the player's timeline and are
 * left out, like rows with non-finite times.
 */
export function segmentsContractOf(
  episodeSlug: string,
  rows: readonly SegmentRow[],
): SegmentsContract {
  return {
    version: 1,
    episode_slug: episodeSlug,
    segments: rows.filter((row) => row.start >= 0 && row.end >= 0),
  };
}
