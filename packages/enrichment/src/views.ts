import { readFile } from 'node:fs/promises';
import { realFileInsideRoot } from '@podcast/corpus';
import { readEvents } from './events/event-log.js';
import { type EnricherHealth, freshHealth, readHealth } from './resilience/health-store.js';
import { RUN_SUMMARY_FILE, STATUS_FILE } from './run/run-files.js';

/**
 * What the /api/enrichment read routes answer, read from the files a run
 * writes. A corpus no run has touched answers {available: false, reason}
 * (spec 03), never an error.
 */

/** A JSON object the corpus holds at `relpath`; null when missing, unreadable or linked out of the corpus. */
async function readJsonObject(
  corpusRoot: string,
  relpath: string,
): Promise<Record<string, unknown> | null> {
  const file = await realFileInsideRoot(corpusRoot, relpath);
  if (file === undefined) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function enrichmentStatusOf(corpusRoot: string) {
  const status = await readJsonObject(corpusRoot, STATUS_FILE);
  if (status === null || status.schema_version !== '1') {
    return { available: false as const, reason: 'no enrichment run has started on this corpus' };
  }
  return { available: true as const, ...status } as { available: true; [key: string]: unknown };
}

export async function runSummaryOf(corpusRoot: string) {
  const summary = await readJsonObject(corpusRoot, RUN_SUMMARY_FILE);
  if (summary === null || typeof summary.run_id !== 'string') {
    return { available: false as const, reason: 'no enrichment run has finished on this corpus' };
  }
  return { available: true as const, ...summary } as { available: true; [key: string]: unknown };
}

/** The health map; with `enricherId`, that one record (a fresh one for a known id never run). */
export async function healthView(
  corpusRoot: string,
  knownIds: ReadonlySet<string>,
  enricherId?: string,
): Promise<{ enrichers: Record<string, EnricherHealth> } | null> {
  const file = await readHealth(corpusRoot);
  if (enricherId === undefined) {
    const enrichers: Record<string, EnricherHealth> = {};
    for (const id of [...new Set([...knownIds, ...Object.keys(file.enrichers)])].sort()) {
      enrichers[id] = file.enrichers[id] ?? freshHealth();
    }
    return { enrichers };
  }
  const record =
    file.enrichers[enricherId] ?? (knownIds.has(enricherId) ? freshHealth() : undefined);
  return record === undefined ? null : { enrichers: { [enricherId]: record } };
}

export const METRICS_WINDOWS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 604_800_000 } as const;
export type MetricsWindowName = keyof typeof METRICS_WINDOWS;

/** Longest stretch of the event log one metrics answer reads. */
const METRICS_EVENT_LIMIT = 100_000;

/**
 * Per-enricher rollup of the enricher.completed events in the window: run
 * counts by status, retries, mean duration and cost.
 */
export async function metricsOf(corpusRoot: string, window: MetricsWindowName, now: Date) {
  const events = await readEvents(corpusRoot, {
    event_type: 'enrichment.enricher.completed',
    sinceMs: now.getTime() - METRICS_WINDOWS[window],
    limit: METRICS_EVENT_LIMIT,
  });
  const rows = new Map<string, { metrics: Record<string, number>; durations: number[] }>();
  for (const event of events) {
    const id = event.enricher_id;
    const status = String(event.status);
    if (id === null || status === 'skipped') {
      continue;
    }
    const row = rows.get(id) ?? {
      metrics: {
        runs_total: 0,
        runs_ok: 0,
        runs_failed: 0,
        runs_timeout: 0,
        runs_quarantined: 0,
        runs_cancelled: 0,
        retries_total: 0,
        total_cost_usd: 0,
      },
      durations: [],
    };
    const m = row.metrics as Record<string, number>;
    m.runs_total = (m.runs_total ?? 0) + 1;
    const key = `runs_${status}`;
    if (key in m) {
      m[key] = (m[key] ?? 0) + 1;
    }
    m.retries_total = (m.retries_total ?? 0) + (Number(event.retries) || 0);
    m.total_cost_usd =
      Math.round(((m.total_cost_usd ?? 0) + (Number(event.cost_usd) || 0)) * 1e6) / 1e6;
    row.durations.push(Number(event.duration_ms) || 0);
    rows.set(id, row);
  }
  const perEnricher: Record<string, unknown> = {};
  for (const [id, row] of [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const mean = row.durations.reduce((a, b) => a + b, 0) / row.durations.length / 1000;
    perEnricher[id] = { ...row.metrics, avg_duration_s: Math.round(mean * 1000) / 1000 };
  }
  return { window, per_enricher: perEnricher };
}
