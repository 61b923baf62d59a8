import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError, type EvaluationRecordRequest } from '@podcast/contracts';
import { writeFileAtomic } from '@podcast/runtime';
import type { EnricherRegistry } from '../registry.js';
import { readEvaluations } from './evaluations.js';

/** An evaluation may be dated this far ahead of the clock (skew between machines), no further. */
const FUTURE_SLACK_MS = 5 * 60_000;

export interface RecordEvaluationInput {
  evalRoot: string;
  registry: EnricherRegistry;
  evaluation: EvaluationRecordRequest;
  /** Who recorded it: `operator-token` for the route, `cli:<user>` for the command. */
  recordedBy: string;
  now: Date;
}

function refused(field: string, message: string): DomainError {
  return new DomainError('invalid', `${field}: ${message}`, { errors: [{ field, message }] });
}

/**
 * Records an accuracy evaluation of a gated enricher where the accuracy
 * gate reads it (enrichments/evaluations/<id>/), one new file written
 * atomically, and answers it with what the gate decides now. Refused (400
 * naming the field as `fieldOf` spells it): an enricher not registered or
 * without an accuracy gate, and a date in the future, which would outrank
 * every later evaluation.
 */
export async function recordEvaluation(
  input: RecordEvaluationInput,
  fieldOf: (key: 'enricher_id' | 'evaluated_at') => string = (key) => `body.${key}`,
) {
  const { evaluation } = input;
  const gate = input.registry.get(evaluation.enricher_id)?.manifest.accuracy_gate;
  if (gate === undefined) {
    throw refused(fieldOf('enricher_id'), `no enricher ${evaluation.enricher_id} is registered`);
  }
  if (gate === null) {
    throw refused(
      fieldOf('enricher_id'),
      `${evaluation.enricher_id} declares no accuracy gate, so no evaluation admits it`,
    );
  }
  const evaluatedAt = new Date(evaluation.evaluated_at ?? input.now);
  if (evaluatedAt.getTime() > input.now.getTime() + FUTURE_SLACK_MS) {
    throw refused(fieldOf('evaluated_at'), 'an evaluation cannot be dated in the future');
  }
  const record = {
    enricher_id: evaluation.enricher_id,
    precision: evaluation.precision,
    recall: evaluation.recall ?? null,
    sample_size: evaluation.sample_size,
    evaluated_at: evaluatedAt.toISOString(),
    enricher_version: evaluation.enricher_version ?? null,
    provider_type: evaluation.provider_type ?? null,
    notes: evaluation.notes ?? null,
    recorded_by: input.recordedBy,
  };
  const dir = join(input.evalRoot, evaluation.enricher_id);
  const name = `${record.evaluated_at.replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}.json`;
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(join(dir, name), `${JSON.stringify(record, null, 2)}\n`);
  const newest = (await readEvaluations(input.evalRoot, evaluation.enricher_id))[0];
  const newestPrecision = newest?.precision ?? null;
  return {
    ...record,
    file: `${evaluation.enricher_id}/${name}`,
    gate: {
      threshold: gate.threshold,
      newest_precision: newestPrecision,
      admits: newestPrecision !== null && newestPrecision >= gate.threshold,
    },
  };
}
