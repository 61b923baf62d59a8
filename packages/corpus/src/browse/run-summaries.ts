import type { CorpusRunSummaryItem } from '@podcast/contracts';
import { asFiniteNumber, asRecord, asText } from '../readers/lenient-values.js';

/** How many run.json files the summary reads: the newest by mtime (spec 04 §1.3). */
export const RUN_SUMMARY_CAP = 150;

const METRICS = [
  'run_duration_seconds',
  'episodes_scraped_total',
  'episodes_skipped_total',
  'errors_total',
  'gi_artifacts_written',
  'kg_artifacts_written',
  'cost_usd',
] as const;

export interface RunFile {
  relpath: string;
  mtimeMs: number;
}

/** The folder under `feeds/` a run belongs to (spec 04 §1.1: reported as feed_id here only). */
function feedDirOf(relpath: string): string | null {
  const parts = relpath.split('/');
  return parts[0] === 'feeds' && parts.length >= 3 ? (parts[1] as string) : null;
}

/** `run_id`, else the run folder name without its `run_` prefix. */
function runIdOf(document: Record<string, unknown>, relpath: string): string | null {
  const folder = relpath.split('/').at(-2);
  const fallback = folder?.startsWith('run_') ? folder.slice('run_'.length) : null;
  return asText(document.run_id) ?? fallback;
}

/** One compact row of a parsed run.json; undefined when the file is not an object. */
export function runSummaryRow(file: RunFile, parsed: unknown): CorpusRunSummaryItem | undefined {
  const document = asRecord(parsed);
  if (document === undefined) {
    return undefined;
  }
  const metrics = asRecord(document.metrics) ?? {};
  const row: CorpusRunSummaryItem = {
    relative_path: file.relpath,
    run_id: runIdOf(document, file.relpath),
    feed_id: feedDirOf(file.relpath),
    created_at: asText(document.created_at) ?? null,
    mtime_utc: new Date(file.mtimeMs).toISOString(),
    run_duration_seconds: null,
    episodes_scraped_total: null,
    episodes_skipped_total: null,
    errors_total: null,
    gi_artifacts_written: null,
    kg_artifacts_written: null,
    cost_usd: null,
  };
  for (const metric of METRICS) {
    row[metric] = asFiniteNumber(metrics[metric]) ?? null;
  }
  return row;
}

/** The files the summary reads: the `cap` newest by mtime (ties by path). */
export function newestRunFiles(files: readonly RunFile[], cap = RUN_SUMMARY_CAP): RunFile[] {
  return [...files]
    .sort((a, b) => b.mtimeMs - a.mtimeMs || (a.relpath < b.relpath ? -1 : 1))
    .slice(0, cap);
}

const createdMs = (row: CorpusRunSummaryItem) => {
  const ms = row.created_at === null ? Number.NaN : Date.parse(row.created_at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/** created_at descending; rows without a readable created_at last, then by path. */
export function sortRunSummaries(rows: CorpusRunSummaryItem[]): CorpusRunSummaryItem[] {
  return rows.sort(
    (a, b) =>
      createdMs(b) - createdMs(a) ||
      (a.relative_path < b.relative_path ? -1 : a.relative_path > b.relative_path ? 1 : 0),
  );
}
