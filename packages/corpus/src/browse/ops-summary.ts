import type { OpsSummaryResponse } from '@podcast/contracts';
import { DomainError } from '@podcast/contracts';
import {
  asArray,
  asFiniteNumber,
  asRecord,
  asText,
  type UnknownRecord,
} from '../readers/lenient-values.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { readRootJsonObject } from './corpus-documents.js';
import { RUN_SUMMARY_FILE } from './enrichment-listing.js';
import { readRunSummaries } from './run-files.js';

type Summary = Omit<OpsSummaryResponse, 'path'>;
type Read = { document: UnknownRecord } | { reason: string };

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A JSON object of the corpus, confined to its root, or why it cannot be read. */
async function readOptional(snapshot: CorpusSnapshot, relpath: string): Promise<Read> {
  try {
    return { document: await readRootJsonObject(snapshot, relpath) };
  } catch (err) {
    if (err instanceof DomainError) {
      return { reason: err.kind === 'not_found' ? `${relpath} does not exist` : err.message };
    }
    throw err;
  }
}

function costsOf(read: Read): Summary['costs'] {
  const rollup = 'document' in read ? asRecord(read.document.cost_rollup) : undefined;
  if (rollup === undefined) {
    const reason = 'reason' in read ? read.reason : 'corpus_manifest.json has no cost_rollup';
    return {
      source: null,
      currency: null,
      total_cost_usd: null,
      by_stage: null,
      by_feed: null,
      reason,
    };
  }
  const stages = Object.entries(asRecord(rollup.by_stage) ?? {}).flatMap(([stage, value]) => {
    const cost = asFiniteNumber(value);
    return cost === undefined ? [] : [[stage, cost] as const];
  });
  return {
    source: 'corpus_manifest.json',
    currency: asText(rollup.currency) ?? null,
    total_cost_usd: asFiniteNumber(rollup.total_cost_usd) ?? null,
    by_stage: asRecord(rollup.by_stage) ? Object.fromEntries(stages) : null,
    by_feed: Array.isArray(rollup.by_feed)
      ? asArray(rollup.by_feed).map((item) => {
          const feed = asRecord(item) ?? {};
          return {
            feed_id: asText(feed.feed_id) ?? null,
            feed_url: asText(feed.feed_url) ?? null,
            cost_usd: asFiniteNumber(feed.cost_usd) ?? null,
          };
        })
      : null,
  };
}

function modelSpendOf(read: Read): Summary['model_spend'] {
  if ('reason' in read) {
    const empty = { source: null, run_id: null, status: null, finished_at: null };
    return { ...empty, total_cost_usd: null, per_enricher: {}, reason: read.reason };
  }
  const { document } = read;
  const per = Object.entries(asRecord(document.per_enricher) ?? {}).map(
    ([id, value]) => [id, asFiniteNumber(asRecord(value)?.cost_usd) ?? null] as const,
  );
  const costs = per.map(([, cost]) => cost).filter((cost): cost is number => cost !== null);
  return {
    source: `enrichments/${RUN_SUMMARY_FILE}`,
    run_id: asText(document.run_id) ?? null,
    status: asText(document.status) ?? null,
    finished_at: asText(document.finished_at) ?? null,
    total_cost_usd: costs.length === 0 ? null : round6(costs.reduce((a, b) => a + b, 0)),
    per_enricher: Object.fromEntries(per),
  };
}

/**
 * The operator's cost picture from what the corpus holds: the manifest's
 * cost rollup, the run records' costs and the latest enrichment run's spend
 * per enricher. Provider health comes from the enrichment package's
 * resilience state, which the viewer route merges in (packages/corpus does
 * not depend on packages/enrichment); here it is a placeholder saying so.
 */
export async function opsSummary(snapshot: CorpusSnapshot): Promise<Summary> {
  const [manifest, runs, enrichment] = await Promise.all([
    readOptional(snapshot, 'corpus_manifest.json'),
    readRunSummaries(snapshot),
    readOptional(snapshot, `enrichments/${RUN_SUMMARY_FILE}`),
  ]);
  const costs = runs.runs
    .map((run) => run.cost_usd)
    .filter((cost): cost is number => cost !== null);
  return {
    costs: costsOf(manifest),
    runs: {
      source: 'run.json',
      run_files: runs.run_files,
      read: runs.runs.length,
      with_cost: costs.length,
      cost_usd: costs.length === 0 ? null : round6(costs.reduce((a, b) => a + b, 0)),
      newest_created_at: runs.runs[0]?.created_at ?? null,
    },
    model_spend: modelSpendOf(enrichment),
    provider_health: {
      available: false,
      providers: [],
      reason:
        'filled by the caller from the enrichment health (packages/enrichment resilienceState)',
    },
  };
}
