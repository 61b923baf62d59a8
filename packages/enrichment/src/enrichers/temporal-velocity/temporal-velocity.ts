import { z } from 'zod';
import { type EpisodeFacts, roundTo } from '../../facts.js';
import { corpusEnricher, DETERMINISTIC } from '../../manifest.js';

function isoMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

function monthsEndingAt(endMs: number, count: number): string[] {
  const end = new Date(endMs);
  return Array.from({ length: count }, (_, i) =>
    isoMonth(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (count - 1 - i), 1)),
  );
}

/**
 * temporal_velocity `data`: episodes per KG topic per month over the
 * `windowMonths` ending at `endMs`, and the velocity (mean of the last three
 * months less the mean of the three before).
 */
export function temporalVelocity(
  episodes: readonly Pick<EpisodeFacts, 'publishedMs' | 'topicIds'>[],
  endMs: number,
  windowMonths: number,
) {
  const months = monthsEndingAt(endMs, windowMonths);
  const topicIds = [...new Set(episodes.flatMap((e) => e.topicIds))].sort();
  const counts = new Map(topicIds.map((id) => [id, new Map(months.map((m) => [m, 0]))]));
  for (const episode of episodes) {
    if (episode.publishedMs === null) {
      continue;
    }
    const month = isoMonth(episode.publishedMs);
    for (const topicId of new Set(episode.topicIds)) {
      const perMonth = counts.get(topicId);
      if (perMonth?.has(month)) {
        perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
      }
    }
  }
  const topics = [...counts.entries()].map(([topicId, perMonth]) => {
    const values = months.map((m) => perMonth.get(m) ?? 0);
    const recent = values.slice(-3).reduce((a, b) => a + b, 0) / 3;
    const before = values.slice(-6, -3).reduce((a, b) => a + b, 0) / 3;
    return {
      topic_id: topicId,
      monthly_counts: Object.fromEntries(perMonth),
      velocity: roundTo(recent - before, 3),
    };
  });
  return { window_months: windowMonths, topics };
}

export const temporalVelocityEnricher = corpusEnricher(
  {
    id: 'temporal_velocity',
    ...DETERMINISTIC,
    description: 'Episodes per topic per month, and whether each topic is rising or fading',
    config_schema: z.object({
      window_months: z.number().int().min(6).max(120).default(18).describe('Months counted'),
    }),
  },
  (episodes, config, context) => {
    const data = temporalVelocity(episodes, context.now.getTime(), config.window_months);
    return { data, records_written: data.topics.length, cost_usd: 0 };
  },
);
