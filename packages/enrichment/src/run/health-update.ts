import { freshHealth, updateHealth } from '../resilience/health-store.js';
import { TIER_POLICY } from '../resilience/tier-policy.js';
import type { RunState } from './executor.js';
import type { EnricherOutcome } from './outcome.js';

/**
 * Folds one run into the cross-run health: ok zeroes the failure count,
 * failed and timeout add one (quarantined, skipped and cancelled leave it),
 * and reaching the tier's auto-disable threshold disables the enricher
 * with its event.
 */
export async function applyRunToHealth(
  state: RunState,
  outcomes: readonly EnricherOutcome[],
): Promise<void> {
  const now = state.deps.clock.now().toISOString();
  const tiers = new Map(
    state.plan.admitted.map((p) => [p.enricher.manifest.id, p.enricher.manifest]),
  );
  const disabled = await updateHealth(state.plan.corpusRoot, (file) => {
    const newlyDisabled: Array<{ id: string; failures: number; reason: string }> = [];
    for (const outcome of outcomes) {
      const manifest = tiers.get(outcome.enricher_id);
      if (manifest === undefined) {
        continue;
      }
      const health = file.enrichers[outcome.enricher_id] ?? freshHealth();
      health.last_run_at = now;
      health.last_run_id = state.runId;
      health.last_status = outcome.status;
      const circuitOpen = outcome.reason?.kind === 'circuit_open';
      health.circuit_state = circuitOpen ? 'open' : 'closed';
      health.circuit_opened_at = circuitOpen ? now : null;
      if (outcome.status === 'ok') {
        health.consecutive_failures = 0;
        health.last_error = null;
      } else if (outcome.status === 'failed' || outcome.status === 'timeout') {
        health.consecutive_failures += 1;
        health.last_error = outcome.reason?.detail ?? outcome.error_samples[0] ?? null;
        const threshold = TIER_POLICY[manifest.tier].autoDisableThreshold;
        if (!health.auto_disabled && health.consecutive_failures >= threshold) {
          const reason = `${health.consecutive_failures} consecutive failed runs (threshold ${threshold} for the ${manifest.tier} tier); last error: ${health.last_error ?? 'unknown'}`;
          health.auto_disabled = true;
          health.auto_disabled_at = now;
          health.auto_disabled_reason = reason;
          newlyDisabled.push({
            id: outcome.enricher_id,
            failures: health.consecutive_failures,
            reason,
          });
        }
      }
      file.enrichers[outcome.enricher_id] = health;
    }
    return newlyDisabled;
  });
  for (const { id, failures, reason } of disabled) {
    const manifest = tiers.get(id);
    await state.emit(
      'enrichment.enricher.auto_disabled',
      {
        enricher_id: id,
        enricher_version: manifest?.version ?? null,
        tier: manifest?.tier ?? null,
      },
      { consecutive_failed_runs: failures, reason },
    );
  }
}
