import type { AskAnswer } from '@podcast/contracts';
import type { AskEvalCase } from './ask-eval-set.js';
import { unfaithfulness } from './faithfulness.js';

export interface AskEvalReport {
  answerable: number;
  unanswerable: number;
  /** Share of answerable questions with an expected insight among the first three items. */
  hit_at_3: number;
  /** Share of answerable questions abstained (target: at most 0.1). */
  answerable_abstained: number;
  /** Share of unanswerable questions abstained (target: at least 0.8). */
  unanswerable_abstained: number;
  /** Share of evidence items verbatim and in time (target: 1). */
  faithfulness: number;
  evidence_items: number;
  unfaithful: string[];
  misses: string[];
  /** The best item's score of each question, for calibrating the threshold. */
  top_scores: { question: string; answerable: boolean; top: number | null }[];
}

const share = (n: number, of: number) => (of === 0 ? 0 : Number((n / of).toFixed(3)));

/** Runs every case through `answer` and scores the answers against the ask targets. */
export async function evaluateAsk(
  root: string,
  cases: readonly AskEvalCase[],
  answer: (question: string) => Promise<AskAnswer>,
): Promise<AskEvalReport> {
  let hits = 0;
  let abstainedAnswerable = 0;
  let abstainedOther = 0;
  let items = 0;
  const unfaithful: string[] = [];
  const misses: string[] = [];
  const topScores: AskEvalReport['top_scores'] = [];
  for (const c of cases) {
    const result = await answer(c.question);
    const isAnswerable = c.insights.length > 0;
    topScores.push({
      question: c.question,
      answerable: isAnswerable,
      top: result.evidence[0]?.score ?? null,
    });
    for (const item of result.evidence) {
      items += 1;
      const why = await unfaithfulness(root, item);
      if (why) {
        unfaithful.push(`${c.question}: ${why}`);
      }
    }
    if (!isAnswerable) {
      abstainedOther += result.status === 'abstained' ? 1 : 0;
      continue;
    }
    abstainedAnswerable += result.status === 'abstained' ? 1 : 0;
    const firstThree = result.evidence.slice(0, 3).map((e) => e.insight?.id);
    if (c.insights.some((id) => firstThree.includes(id))) {
      hits += 1;
    } else {
      misses.push(c.question);
    }
  }
  const answerable = cases.filter((c) => c.insights.length > 0).length;
  const unanswerable = cases.length - answerable;
  return {
    answerable,
    unanswerable,
    hit_at_3: share(hits, answerable),
    answerable_abstained: share(abstainedAnswerable, answerable),
    unanswerable_abstained: share(abstainedOther, unanswerable),
    faithfulness: items === 0 ? 1 : share(items - unfaithful.length, items),
    evidence_items: items,
    unfaithful,
    misses,
    top_scores: topScores,
  };
}
