import { NotFound } from '@podcast/contracts';
import { appendEvent } from '../events/event-log.js';
import {
  audit,
  closeCircuit,
  type EnricherHealth,
  freshHealth,
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
    const record = file.enrichers[enricherId] ?? freshHealth();
    const counter = record.consecutive_failures;
    const cooldown = record.cooldown_until !== null || record.circuit_state !== 'closed';
    record.consecutive_failures = 0;
    record.auto_disabled = false;
    record.auto_disabled_at = null;
    record.auto_disabled_reason = null;
    closeCircuit(record);
    audit(record, {
      at: now.toISOString(),
      action: 're_enabled',
      operator_id: request.operatorId,
      reason: request.reason,
    });
    file.enrichers[enricherId] = record;
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
