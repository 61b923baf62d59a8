import type { CorpusEnrichmentItem } from '@podcast/contracts';
import { asRecord, asText } from '../readers/lenient-values.js';

const ENRICHER_ID = /^[A-Za-z0-9_]+$/;

/** Not an envelope: the enrichment run's own summary (spec 04 §7). */
export const RUN_SUMMARY_FILE = 'run_summary.json';

export type EnrichmentListItem = CorpusEnrichmentItem;

/** An envelope names a valid enricher_id and a status; `derived` and the rest may be missing. */
export function isEnrichmentEnvelope(document: unknown): boolean {
  const envelope = asRecord(document);
  const id = asText(envelope?.enricher_id);
  return id !== undefined && ENRICHER_ID.test(id) && typeof envelope?.status === 'string';
}

/** Enricher ids the latest enrichment run produced: the keys of `per_enricher`. */
export function latestRunEnrichers(runSummary: unknown): Set<string> {
  return new Set(Object.keys(asRecord(asRecord(runSummary)?.per_enricher) ?? {}));
}

export interface EnvelopeFile {
  /** Root-relative, e.g. `enrichments/topic_similarity.json`. */
  file: string;
  size: number;
  document: unknown;
}

/** The listing row of one file; undefined for anything that is not an envelope. */
export function enrichmentListItem(
  source: EnvelopeFile,
  latest: ReadonlySet<string>,
): EnrichmentListItem | undefined {
  if (!isEnrichmentEnvelope(source.document)) {
    return undefined;
  }
  const envelope = asRecord(source.document) as Record<string, unknown>;
  const id = asText(envelope.enricher_id) as string;
  return {
    enricher_id: id,
    enricher_version: asText(envelope.enricher_version) ?? null,
    schema_version: asText(envelope.schema_version) ?? null,
    status: asText(envelope.status) ?? null,
    file: source.file,
    size_bytes: source.size,
    computed_at: asText(envelope.computed_at) ?? null,
    produced_by_latest_run: latest.has(id),
  };
}

/** By enricher id, then file. */
export function sortEnrichmentItems(items: EnrichmentListItem[]): EnrichmentListItem[] {
  return items.sort((a, b) =>
    a.enricher_id !== b.enricher_id
      ? a.enricher_id < b.enricher_id
        ? -1
        : 1
      : a.file < b.file
        ? -1
        : a.file > b.file
          ? 1
          : 0,
  );
}
