import { isoSeconds, MINUTE_MS } from './clock.js';
import {
  buildGroundingRate,
  buildGuestCoappearance,
  buildTemporalVelocity,
  buildTopicCooccurrence,
  enrichmentWindow,
} from './corpus-enrichments.js';
import type { EpisodeFacts } from './corpus-facts.js';
import { failedEnvelope, okEnvelope } from './enrichment-envelope.js';
import type { OutputFile } from './episode-files.js';
import { toJson } from './json-text.js';
import type { CorpusPlan } from './plan-types.js';
import { buildThemeClusters } from './theme-clusters.js';

interface CorpusEnricher {
  id: string;
  /** Undefined for an enricher whose run failed. */
  data: Record<string, unknown> | undefined;
  records: number;
}

const FAILURE = 'embedding model not available: no local model directory configured';

function countOf(data: Record<string, unknown>, key: string): number {
  return (data[key] as unknown[]).length;
}

function corpusEnrichers(plan: CorpusPlan, facts: readonly EpisodeFacts[]): CorpusEnricher[] {
  const domains = [...new Set(plan.feeds.map((feed) => feed.domain))];
  const outputs: Array<[string, Record<string, unknown>, string]> = [
    ['grounding_rate', buildGroundingRate(facts), 'persons'],
    ['guest_coappearance', buildGuestCoappearance(facts), 'pairs'],
    ['temporal_velocity', buildTemporalVelocity(facts, plan.finishedAtMs), 'topics'],
    ['topic_cooccurrence_corpus', buildTopicCooccurrence(facts), 'pairs'],
    ['topic_theme_clusters', buildThemeClusters(domains, facts), 'clusters'],
  ];
  return [
    ...outputs.map(([id, data, key]) => ({ id, data, records: countOf(data, key) })),
    // Fails on purpose: the embedding-tier enricher has no model offline.
    { id: 'topic_consensus', data: undefined, records: 0 },
  ];
}

function perEnricherRow(
  isOk: boolean,
  durationMs: number,
  records: number,
  runs: number,
): Record<string, unknown> {
  return {
    status: isOk ? 'ok' : 'failed',
    duration_ms: durationMs,
    records_written: records,
    retries: isOk ? 0 : 2,
    cost_usd: 0,
    error_samples: isOk ? [] : [FAILURE],
    runs_total: runs,
    runs_ok: isOk ? runs : 0,
    runs_failed: isOk ? 0 : runs,
  };
}

/** `enrichments/run_summary.json` (spec 04 §7): not an envelope; its keys name what the run produced. */
function enrichmentRunSummary(
  plan: CorpusPlan,
  list: readonly CorpusEnricher[],
  episodesWithGi: number,
  window: { startedAtMs: number; finishedAtMs: number },
): Record<string, unknown> {
  const rows: Array<[string, Record<string, unknown>]> = [
    ...list.map((e): [string, Record<string, unknown>] => [
      e.id,
      perEnricherRow(e.data !== undefined, 40 + 17 * e.records, e.records, 1),
    ]),
    ['insight_density', perEnricherRow(true, 20 * episodesWithGi, episodesWithGi, episodesWithGi)],
    [
      'insight_sentiment',
      perEnricherRow(true, 20 * episodesWithGi, episodesWithGi, episodesWithGi),
    ],
  ];
  const lastPipelineRun = plan.feeds
    .flatMap((f) => f.runs)
    .sort((a, b) => a.createdAtMs - b.createdAtMs)
    .at(-1);
  return {
    schema_version: '1',
    run_id: `enrich_${isoSeconds(window.startedAtMs).replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`,
    parent_run_id: lastPipelineRun?.runId ?? null,
    profile: 'cloud_balanced',
    started_at: isoSeconds(window.startedAtMs),
    finished_at: isoSeconds(window.finishedAtMs),
    duration_ms: window.finishedAtMs - window.startedAtMs,
    status: 'partial',
    per_enricher: Object.fromEntries(rows.sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

/** Corpus-scope envelopes `enrichments/<id>.json` plus the enrichment run summary. */
export function buildEnrichmentFiles(
  plan: CorpusPlan,
  facts: readonly EpisodeFacts[],
  lastRunEndMs: number,
): OutputFile[] {
  const window = enrichmentWindow(lastRunEndMs);
  const list = corpusEnrichers(plan, facts);
  const envelopes = list.map((enricher, i): OutputFile => {
    const options = {
      enricherId: enricher.id,
      computedAtMs: window.startedAtMs + (i + 1) * MINUTE_MS,
      durationMs: 40 + 17 * enricher.records,
      recordsWritten: enricher.records,
    };
    const envelope = enricher.data
      ? okEnvelope(options, enricher.data)
      : failedEnvelope(options, FAILURE, 'ModelUnavailableError');
    return { relpath: `enrichments/${enricher.id}.json`, content: toJson(envelope) };
  });
  const summary = enrichmentRunSummary(plan, list, facts.filter((f) => f.hasGi).length, window);
  return [...envelopes, { relpath: 'enrichments/run_summary.json', content: toJson(summary) }];
}
