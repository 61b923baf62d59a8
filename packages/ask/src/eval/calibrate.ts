export interface Calibration {
  threshold: number;
  answerable_abstained: number;
  unanswerable_abstained: number;
}

/**
 * The abstain line that separates best scores of answerable from
 * unanswerable questions best (answered answerable plus abstained
 * unanswerable), taken midway between the two scores it falls between so
 * neither side sits on the edge. `top` is the best item's score with no
 * threshold applied; null (no evidence at all) always abstains.
 */
export function calibrateThreshold(
  scores: readonly { answerable: boolean; top: number | null }[],
): Calibration {
  const values = [...new Set(scores.flatMap((s) => (s.top === null ? [] : [s.top])))].sort(
    (a, b) => a - b,
  );
  const lines = [0, ...values.map((v, i) => (v + (values[i + 1] ?? v + 0.02)) / 2)];
  const answerable = scores.filter((s) => s.answerable);
  const other = scores.filter((s) => !s.answerable);
  const rate = (list: typeof scores, line: number) =>
    list.length === 0 ? 0 : list.filter((s) => s.top === null || s.top < line).length / list.length;
  let best: Calibration = { threshold: 0, answerable_abstained: 1, unanswerable_abstained: 0 };
  for (const line of lines) {
    const candidate = {
      threshold: Number(line.toFixed(3)),
      answerable_abstained: Number(rate(answerable, line).toFixed(3)),
      unanswerable_abstained: Number(rate(other, line).toFixed(3)),
    };
    const gain = (c: Calibration) => 1 - c.answerable_abstained + c.unanswerable_abstained;
    if (gain(candidate) > gain(best)) {
      best = candidate;
    }
  }
  return best;
}

export interface CrossValidation {
  /** Abstention rates of questions each judged by a line fitted without them. */
  answerable_abstained: number;
  unanswerable_abstained: number;
  /** The lowest and highest of the lines fitted, one per held-out question. */
  threshold_min: number;
  threshold_max: number;
}

/**
 * Leave-one-out: each question is judged by the line `calibrateThreshold`
 * fits to all the others, so no question sees a line fitted on itself.
 * Its rates say how the calibration does on questions it was not fitted to,
 * which the in-sample rates overstate on a set this small.
 */
export function crossValidateThreshold(
  scores: readonly { answerable: boolean; top: number | null }[],
): CrossValidation {
  const lines: number[] = [];
  let answerable = 0;
  let answerableAbstained = 0;
  let other = 0;
  let otherAbstained = 0;
  scores.forEach((held, i) => {
    const { threshold } = calibrateThreshold(scores.filter((_, j) => j !== i));
    lines.push(threshold);
    const abstains = held.top === null || held.top < threshold;
    if (held.answerable) {
      answerable += 1;
      answerableAbstained += abstains ? 1 : 0;
    } else {
      other += 1;
      otherAbstained += abstains ? 1 : 0;
    }
  });
  const share = (n: number, of: number) => (of === 0 ? 0 : Number((n / of).toFixed(3)));
  return {
    answerable_abstained: share(answerableAbstained, answerable),
    unanswerable_abstained: share(otherAbstained, other),
    threshold_min: lines.length === 0 ? 0 : Math.min(...lines),
    threshold_max: lines.length === 0 ? 0 : Math.max(...lines),
  };
}
