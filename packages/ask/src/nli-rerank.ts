import { createDebertaScorer, type NliScorer } from '@podcast/providers';
import type { PassageScorer } from './rerank.js';

/**
 * The abstain line on the model score. Not calibrated: no NLI model can be
 * fetched here to run the evaluation set with (docs/decisions/ask.md);
 * `pnpm bench --only=ask` recomputes it where one is configured.
 */
export const NLI_THRESHOLD = 0.5;

/**
 * A local NLI model as the passage scorer: with the passage as premise and
 * the question as hypothesis, the probability that it is not neutral, i.e.
 * that the passage bears on the question (supports or disputes it). The
 * model loads on first use; when it cannot, answers fall back to the
 * extractive score (`score` answers undefined) and `onError` hears why.
 */
export function nliPassageScorer(
  load: () => Promise<NliScorer>,
  onError?: (reason: string) => void,
): PassageScorer {
  let model: Promise<NliScorer | undefined> | undefined;
  return {
    name: 'nli',
    threshold: NLI_THRESHOLD,
    score: async (question, passages) => {
      model ??= load().catch((err: unknown) => {
        onError?.(err instanceof Error ? err.message : 'the NLI model did not load');
        return undefined;
      });
      const scorer = await model;
      if (scorer === undefined || passages.length === 0) {
        return undefined;
      }
      const scores = await scorer.score(passages.map((passage) => [passage, question] as const));
      return scores.map((s) => 1 - s.neutral);
    },
  };
}

/** The configured local NLI model (ASK_RERANK_MODEL) as a scorer, or undefined when none is. */
export function rerankScorerOf(
  spec: { modelDir: string; model: string } | undefined,
  onError?: (reason: string) => void,
): PassageScorer | undefined {
  return spec && nliPassageScorer(() => createDebertaScorer(spec), onError);
}
