import { isoSeconds } from './clock.js';

export type EnrichmentStatus =
  | 'ok'
  | 'failed'
  | 'timeout'
  | 'quarantined'
  | 'cancelled'
  | 'skipped';

export interface EnvelopeOptions {
  enricherId: string;
  computedAtMs: number;
  durationMs: number;
  recordsWritten: number;
}

/** Spec 04 §7 envelope; `data` only when ok. */
export function okEnvelope(options: EnvelopeOptions, data: unknown): Record<string, unknown> {
  return {
    derived: true,
    computed_at: isoSeconds(options.computedAtMs),
    enricher_id: options.enricherId,
    enricher_version: '1.0.0',
    schema_version: '1.0',
    status: 'ok',
    data,
    error: null,
    error_class: null,
    retry_count: 0,
    circuit_state: null,
    duration_ms: options.durationMs,
    records_written: options.recordsWritten,
  };
}

export function failedEnvelope(
  options: EnvelopeOptions,
  error: string,
  errorClass: string,
): Record<string, unknown> {
  return {
    ...okEnvelope(options, null),
    status: 'failed',
    error,
    error_class: errorClass,
    retry_count: 2,
    circuit_state: 'open',
  };
}
