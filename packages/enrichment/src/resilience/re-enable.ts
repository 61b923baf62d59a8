import { NotFound } from '@podcast/contracts';
import { appendEvent } from '../events/event-log.js';
import {
  closeCircuitByOperator,
  type EnricherHealth,
  readHealth,
  updateHealth,
} from './health-store.js';

export interface ReEnableRequest {
  corpusRoot: string;
  enricherId: string;
  operatorId: string;
  reason: string | null;
  now: Date;
  /** Ids the registry knows; an id neither known nor in the health file is a 404. */
  knownIds: ReadonlySet<string>;
}

/**
 * Spec 03 re-enable: clears auto_disabled and the open circuit, zeroes the
 * failure count, appends the reason to the audit trail, and logs
 * enrichment.health.re_enabled. Returns the updated record.
 */
export async function reEnableEnricher(request: ReEnableRequest): Promise<EnricherHealth> {
  const { corpusRoot, enricherId, now } = request;
  const current = await readHealth(corpusRoot);
  if (!request.knownIds.has(enricherId) && current.enrichers[enricherId] === undefined) {
    throw new NotFound(`no enricher ${enricherId} is registered or has health on record`);
  }
  const { health, resetCounter, clearedCooldown } = await updateHealth(corpusRoot, (file) => {
    // Read before the operator's close; an enricher without a record had nothing to clear.
    const before = file.enrichers[enricherId];
    const counter = before?.consecutive_failures ?? 0;
    const cooldown =
      before !== undefined && (before.cooldown_until !== null || before.circuit_state !== 'closed');
    const record = closeCircuitByOperator(file, enricherId, {
      at: now.toISOString(),
      action: 're_enabled',
      operator_id: request.operatorId,
      reason: request.reason,
    });
    record.consecutive_failures = 0;
    record.auto_disabled = false;
    record.auto_disabled_at = null;
    record.auto_disabled_reason = null;
    return { health: record, resetCounter: counter, clearedCooldown: cooldown };
  });
  await appendEvent(corpusRoot, {
    event_type: 'enrichment.health.re_enabled',
    ts: now.toISOString(),
    run_id: null,
    parent_run_id: null,
    enricher_id: enricherId,
    enricher_version: null,
    tier: null,
    attempt: null,
    job_id: null,
    operator_id: request.operatorId,
    reset_counter: resetCounter,
    cleared_cooldown: clearedCooldown,
    reason: request.reason,
  });
  return health;
}
