import { z } from 'zod';
import { type EpisodeFacts, roundTo } from '../../facts.js';
import { DETERMINISTIC, episodeEnricher } from '../../manifest.js';
import { BOOSTERS, NEGATIONS, VALENCE } from './lexicon.js';

export type SentimentLabel = 'negative' | 'neutral' | 'positive';

export function sentimentLabel(compound: number): SentimentLabel {
  return compound >= 0.05 ? 'positive' : compound <= -0.05 ? 'negative' : 'neutral';
}

const NEGATION_SCALAR = -0.74;
const BUT_BEFORE = 0.5;
const BUT_AFTER = 1.5;

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z']+/)
    .filter((t) => t !== '');
}

/**
 * A VADER-style compound score in -1..1: word valences, softened or
 * strengthened by the words before them, flipped by a negation within three
 * words, weighted towards what follows a "but", normalised by
 * x / sqrt(x² + 15).
 */
export function compoundScore(text: string): number {
  const words = tokens(text);
  const butAt = words.indexOf('but');
  let sum = 0;
  words.forEach((word, i) => {
    let valence = VALENCE[word];
    if (valence === undefined) {
      return;
    }
    const before = words.slice(Math.max(0, i - 3), i);
    for (const [distance, prior] of before.reverse().entries()) {
      const boost = BOOSTERS[prior];
      if (boost !== undefined) {
        const scaled = boost * (distance === 0 ? 1 : distance === 1 ? 0.95 : 0.9);
        valence += valence > 0 ? scaled : -scaled;
      }
    }
    if (before.some((prior) => NEGATIONS.has(prior) || prior.endsWith("n't"))) {
      valence *= NEGATION_SCALAR;
    }
    if (butAt >= 0) {
      valence *= i < butAt ? BUT_BEFORE : i > butAt ? BUT_AFTER : 1;
    }
    sum += valence;
  });
  const exclamations = Math.min(4, (text.match(/!/g) ?? []).length) * 0.292;
  if (sum !== 0) {
    sum += sum > 0 ? exclamations : -exclamations;
  }
  return roundTo(sum / Math.sqrt(sum * sum + 15), 4);
}

/** insight_sentiment `data` (spec 04 §2.4), read by the graph-query routes. */
export function insightSentiment(episode: Pick<EpisodeFacts, 'episodeId' | 'insights'>) {
  const insights = episode.insights.map((insight) => {
    const compound = compoundScore(insight.text);
    return { insight_id: insight.id, compound, label: sentimentLabel(compound) };
  });
  const counts = { negative: 0, neutral: 0, positive: 0 };
  for (const row of insights) {
    counts[row.label] += 1;
  }
  return { episode_id: episode.episodeId, total_insights: insights.length, counts, insights };
}

export const insightSentimentEnricher = episodeEnricher(
  {
    id: 'insight_sentiment',
    ...DETERMINISTIC,
    description: 'The tone of each insight (negative, neutral, positive), for the graph queries',
    config_schema: z.object({}),
  },
  (episode) => {
    const data = insightSentiment(episode);
    return { data, records_written: data.insights.length, cost_usd: 0 };
  },
);
