import { z } from 'zod';
import type { EpisodeFacts } from '../../facts.js';
import { DETERMINISTIC, episodeEnricher } from '../../manifest.js';

export type DensityBucket = 'early' | 'mid' | 'late' | 'unknown';

/** Which third of the episode a position (0..1) falls in. */
export function densityBucket(position: number | undefined): DensityBucket {
  if (position === undefined) {
    return 'unknown';
  }
  return position < 1 / 3 ? 'early' : position < 2 / 3 ? 'mid' : 'late';
}

/** insight_density `data` (spec 04 §2.4): where in the episode its insights sit. */
export function insightDensity(
  episode: Pick<EpisodeFacts, 'episodeId' | 'durationSeconds' | 'insights'>,
) {
  const rows = episode.insights.map((insight) => ({
    insight_id: insight.id,
    segment: densityBucket(insight.position),
  }));
  const counts = { early: 0, mid: 0, late: 0, unknown: 0 };
  for (const row of rows) {
    counts[row.segment] += 1;
  }
  return {
    episode_id: episode.episodeId,
    total_insights: rows.length,
    duration_seconds: episode.durationSeconds,
    has_timing: episode.insights.some((insight) => insight.position !== undefined),
    counts,
    insight_segments: rows,
  };
}

export const insightDensityEnricher = episodeEnricher(
  {
    id: 'insight_density',
    ...DETERMINISTIC,
    description: 'Where in each episode its insights sit: early, mid or late',
    config_schema: z.object({}),
  },
  (episode) => {
    const data = insightDensity(episode);
    return { data, records_written: data.insight_segments.length, cost_usd: 0 };
  },
);
