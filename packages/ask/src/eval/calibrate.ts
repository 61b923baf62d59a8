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
