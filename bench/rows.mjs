// Rows of the parts that measure into objects of their own (the ask
// evaluation, the chaos scenarios): one row per measure, with its target, so
// results.mjs records them like every other table.

/** The ask evaluation's figures (ask-steps.mjs eval): one row per target of the evaluation set. */
export function askEvaluationRows(figures) {
  return [
    {
      label: 'hit@3: an expected insight among the first three',
      hit_at_3: figures.hit_at_3,
      target: '>= 0.8',
      meets_target: figures.hit_at_3 >= 0.8,
    },
    {
      label: 'answerable questions abstained',
      answerable_abstained: figures.answerable_abstained,
      target: '<= 0.1',
      meets_target: figures.answerable_abstained <= 0.1,
    },
    {
      label: 'unanswerable questions abstained',
      unanswerable_abstained: figures.unanswerable_abstained,
      target: '>= 0.8',
      meets_target: figures.unanswerable_abstained >= 0.8,
    },
    {
      label: 'faithfulness: evidence verbatim at its offsets',
      faithfulness: figures.faithfulness,
      evidence_items: figures.evidence_items,
      target: '1',
      meets_target: figures.faithfulness === 1,
    },
    {
      label: 'out of sample (leave-one-out line): answerable abstained',
      answerable_abstained: figures.cross_validation.answerable_abstained,
      threshold_min: figures.cross_validation.threshold_min,
      threshold_max: figures.cross_validation.threshold_max,
      target: '<= 0.1',
      meets_target: figures.cross_validation.answerable_abstained <= 0.1,
    },
    {
      label: 'out of sample (leave-one-out line): unanswerable abstained',
      unanswerable_abstained: figures.cross_validation.unanswerable_abstained,
      target: '>= 0.8',
      meets_target: figures.cross_validation.unanswerable_abstained >= 0.8,
    },
    {
      label: 'extractive threshold, and the one the set calibrates to',
      threshold: figures.threshold,
      calibrated_threshold: figures.calibration.threshold,
      missed_questions: figures.misses.length,
    },
  ];
}

/**
 * The extractive latency rows of one corpus (ask-steps.mjs latency): with the
 * transcript cache warmed by repeated questions, and with every transcript
 * read anew. 10,000 and 100,000 episodes have targets of their own.
 */
export function askLatencyRows(label, latency) {
  const at10k = latency.episodes < 50_000;
  const target = at10k ? 'p50 < 60 ms, p99 < 200 ms' : 'p50 < 100 ms';
  const meets = (p50, p99) => (at10k ? p50 < 60 && p99 < 200 : p50 < 100);
  const {
    uncached_answers,
    uncached_p50_ms,
    uncached_p99_ms,
    varied_answers,
    varied_p50_ms,
    varied_p99_ms,
    ...cached
  } = latency;
  return [
    {
      label,
      p50_ms: cached.p50_ms,
      p99_ms: cached.p99_ms,
      ...cached,
      target,
      meets_target: meets(cached.p50_ms, cached.p99_ms),
    },
    {
      label: `${label}, every transcript read anew`,
      p50_ms: uncached_p50_ms,
      p99_ms: uncached_p99_ms,
      answers: uncached_answers,
      target,
      meets_target: meets(uncached_p50_ms, uncached_p99_ms),
    },
    {
      label: `${label}, as many questions none asked twice`,
      p50_ms: varied_p50_ms,
      p99_ms: varied_p99_ms,
      answers: varied_answers,
      target,
      meets_target: meets(varied_p50_ms, varied_p99_ms),
    },
  ];
}

/** A chaos scenario's result (ScenarioResult of @podcast/testing/chaos) as a row: met when every guarantee held. */
export function chaosRow(result) {
  return {
    label: result.name,
    ...result.figures,
    duration_s: Number((result.durationMs / 1000).toFixed(1)),
    ...(result.failures.length > 0 ? { failures: result.failures.join('; ') } : {}),
    target: 'its guarantees hold (docs/decisions/reliability.md)',
    meets_target: result.ok,
  };
}
