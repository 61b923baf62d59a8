import type { EnricherResultStatus } from '@podcast/contracts';

/** Why an enricher was skipped, quarantined or failed, in a form a client can branch on. */
export interface OutcomeReason {
  kind:
    | 'not_registered'
    | 'disabled'
    | 'auto_disabled'
    | 'accuracy_gate'
    | 'needs_with_ml'
    | 'no_provider'
    | 'opt_in_required'
    | 'run_cost_cap'
    | 'enricher_cost_cap'
    | 'circuit_open'
    | 'error'
    | 'timeout'
    | 'cancelled';
  detail: string;
  [field: string]: unknown;
}

/** One enricher's result in one run. */
export interface EnricherOutcome {
  enricher_id: string;
  status: EnricherResultStatus;
  duration_ms: number;
  records_written: number;
  retries: number;
  cost_usd: number;
  error_samples: string[];
  reason: OutcomeReason | null;
}

/** Spec 03: cancelled beats failed/timeout/quarantined, which beat ok (skipped counts as ok). */
export function runStatusOf(
  outcomes: readonly Pick<EnricherOutcome, 'status'>[],
): 'ok' | 'failed' | 'cancelled' {
  if (outcomes.some((o) => o.status === 'cancelled')) {
    return 'cancelled';
  }
  if (
    outcomes.some(
      (o) => o.status === 'failed' || o.status === 'timeout' || o.status === 'quarantined',
    )
  ) {
    return 'failed';
  }
  return 'ok';
}

export function skippedOutcome(enricherId: string, reason: OutcomeReason): EnricherOutcome {
  return {
    enricher_id: enricherId,
    status: reason.kind === 'cancelled' ? 'cancelled' : 'skipped',
    duration_ms: 0,
    records_written: 0,
    retries: 0,
    cost_usd: 0,
    error_samples: [],
    reason,
  };
}
