import { insightDensity, sentimentLabel } from '@podcast/enrichment';
import { MINUTE_MS } from './clock.js';
import { okEnvelope } from './enrichment-envelope.js';
import type { EpisodeContext } from './episode-context.js';
import type { InsightModel } from './insights.js';
import type { Rng } from './prng.js';

const COMPOUND_RANGES: Record<InsightModel['type'], [number, number]> = {
  opinion: [-0.7, 0.7],
  recommendation: [0.1, 0.75],
  prediction: [-0.35, 0.55],
  fact: [-0.2, 0.3],
  claim: [-0.55, 0.5],
  observation: [-0.2, 0.45],
};

/** `<stem>.insight_sentiment.json` (spec 04 §2.4). */
export function buildInsightSentiment(rng: Rng, context: EpisodeContext): Record<string, unknown> {
  const insights = context.insights.map((insight) => {
    const [low, high] = COMPOUND_RANGES[insight.type];
    const compound = rng.float(low, high, 4);
    return { insight_id: insight.id, compound, label: sentimentLabel(compound) };
  });
  const counts = { negative: 0, neutral: 0, positive: 0 };
  for (const row of insights) {
    counts[row.label] += 1;
  }
  const data = {
    episode_id: context.episode.episodeId,
    total_insights: insights.length,
    counts,
    insights,
  };
  return okEnvelope(
    {
      enricherId: 'insight_sentiment',
      computedAtMs: context.processedAtMs + MINUTE_MS,
      durationMs: rng.int(8, 60),
      recordsWritten: insights.length,
    },
    data,
  );
}

/** `<stem>.insight_density.json` (spec 04 §2.4): where in the episode the insights sit. */
export function buildInsightDensity(
  rng: Rng,
  context: EpisodeContext,
  hasTiming: boolean,
): Record<string, unknown> {
  const data = {
    ...insightDensity({
      episodeId: context.episode.episodeId,
      durationSeconds: context.transcript.durationSeconds,
      insights: context.insights.map((insight) => ({
        id: insight.id,
        text: '',
        grounded: insight.grounded,
        ...(insight.positionHint === undefined ? {} : { position: insight.positionHint }),
        speakers: [],
      })),
    }),
    has_timing: hasTiming,
  };
  return okEnvelope(
    {
      enricherId: 'insight_density',
      computedAtMs: context.processedAtMs + MINUTE_MS,
      durationMs: rng.int(3, 30),
      recordsWritten: data.insight_segments.length,
    },
    data,
  );
}
