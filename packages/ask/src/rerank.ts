import type { Passage } from './evidence.js';
import { stemsOf, type TermWeights } from './terms.js';

/**
 * The abstain line on the extractive score, calibrated on the evaluation
 * set (docs/decisions/ask.md, `pnpm bench --only=ask`): the best item of an
 * answer must reach it, and every item shown must too.
 */
export const EXTRACTIVE_THRESHOLD = 0.646;

/**
 * An optional model score of how well a passage speaks to the question, in
 * 0..1 (a local cross-encoder or NLI model); it replaces the fused-rank part
 * of the score and brings its own threshold.
 */
export interface PassageScorer {
  name: string;
  threshold: number;
  /** One score a passage; undefined when the model is unavailable (the extractive score is used). */
  score(question: string, passages: readonly string[]): Promise<number[] | undefined>;
}

/** The share of the question's weighted terms that the insight and its quote contain. */
export function coverage(terms: readonly string[], weights: TermWeights, text: string): number {
  const stems = stemsOf(text);
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    const weight = weights.weightOf(term);
    total += weight;
    if (stems.has(term)) {
      matched += weight;
    }
  }
  return total === 0 ? 0 : matched / total;
}

/** What a reader sees of a passage: the insight it supports and the quote. */
export function passageText(passage: Passage): string {
  return `${passage.insight?.text ?? ''} ${passage.quoteText}`;
}

/**
 * The extractive score: mostly term coverage (the abstain signal: an
 * unanswerable question leaves its rarest words unmatched), then agreement
 * of the index's lists, then a bonus for a grounded insight.
 */
export function extractiveScore(
  passage: Passage,
  terms: readonly string[],
  weights: TermWeights,
  bestFused: number,
  model?: number,
): number {
  const covered = coverage(terms, weights, passageText(passage));
  const ranked = model ?? (bestFused > 0 ? passage.candidate.fused / bestFused : 0);
  const grounded = passage.insight?.grounded ? 0.1 : passage.insight ? 0.05 : 0;
  return 0.65 * covered + 0.25 * ranked + grounded;
}
