import { access, mkdir } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import type { EnricherResultStatus } from '@podcast/contracts';
import { writeFileAtomic } from '@podcast/runtime';
import type { EpisodeFacts } from '../facts.js';
import type { EnricherManifest } from '../manifest.js';
import type { EnricherOutcome } from './outcome.js';

export function corpusEnvelopePath(root: string, enricherId: string): string {
  return join(root, 'enrichments', `${enricherId}.json`);
}

export function episodeEnvelopePath(
  root: string,
  episode: EpisodeFacts,
  enricherId: string,
): string {
  const dir = posix.dirname(episode.metadataRelpath);
  return join(root, dir, 'enrichments', `${episode.stem}.${enricherId}.json`);
}

/** Corpus-relative places of the run's own files (spec 04 §7). */
export const RUN_SUMMARY_FILE = 'enrichments/run_summary.json';
export const STATUS_FILE = '.viewer/enrichment_status.json';

export function runSummaryPath(root: string): string {
  return join(root, RUN_SUMMARY_FILE);
}

export function statusFilePath(root: string): string {
  return join(root, STATUS_FILE);
}

export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

export interface EnvelopeFields {
  status: EnricherResultStatus;
  data: unknown;
  error: string | null;
  error_class: string | null;
  retry_count: number;
  circuit_state: 'closed' | 'open' | null;
  duration_ms: number;
  records_written: number;
}

/** The spec 04 §7 envelope. */
export function envelopeOf(manifest: EnricherManifest, computedAt: Date, fields: EnvelopeFields) {
  return {
    derived: true,
    computed_at: computedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    enricher_id: manifest.id,
    enricher_version: manifest.version,
    schema_version: manifest.schema_version,
    ...fields,
    data: fields.status === 'ok' ? fields.data : null,
  };
}

/**
 * A failed result is written only where no envelope exists yet: a failure
 * never replaces the last good data (the run summary and the events carry it).
 */
export async function writeEnvelope(
  file: string,
  envelope: ReturnType<typeof envelopeOf>,
): Promise<boolean> {
  if (envelope.status !== 'ok') {
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (exists) {
      return false;
    }
  }
  await writeJsonAtomic(file, envelope);
  return true;
}

export interface RunSummary {
  schema_version: '1';
  run_id: string;
  parent_run_id: string | null;
  job_id: string | null;
  profile: string | null;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  status: 'ok' | 'failed' | 'cancelled';
  per_enricher: Record<string, Omit<EnricherOutcome, 'enricher_id'> & RunCounts>;
}

export interface RunCounts {
  runs_total: number;
  runs_ok: number;
  runs_failed: number;
  runs_timeout: number;
  runs_quarantined: number;
  runs_cancelled: number;
}

/** One run's counts for one enricher (the metrics route adds them over a window). */
export function countsOf(status: EnricherResultStatus): RunCounts {
  return {
    runs_total: status === 'skipped' ? 0 : 1,
    runs_ok: status === 'ok' ? 1 : 0,
    runs_failed: status === 'failed' ? 1 : 0,
    runs_timeout: status === 'timeout' ? 1 : 0,
    runs_quarantined: status === 'quarantined' ? 1 : 0,
    runs_cancelled: status === 'cancelled' ? 1 : 0,
  };
}
