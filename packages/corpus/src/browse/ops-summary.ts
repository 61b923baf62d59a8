import type { CorpusRunSummaryItem, OpsSummaryResponse } from '@podcast/contracts';
import { DomainError } from '@podcast/contracts';
import type { CorpusPlace } from '../caches/corpus-caches.js';
import { readRootJsonObject } from '../caches/corpus-documents.js';
import {
  asArray,
  asFiniteNumber,
  asRecord,
  asText,
  type UnknownRecord,
} from '../readers/lenient-values.js';
import { RUN_SUMMARY_FILE } from './enrichment-listing.js';
import { readRunSummaries } from './run-files.js';

type Summary = Omit<OpsSummaryResponse, 'path'>;
type Read = { document: UnknownRecord } | { reason: string };

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The `reason` of a block: why each of its null figures is null, joined;
 * nothing when every figure has a value (the contract requires one
 * whenever a figure is null).
 */
function reasonOf(why: ReadonlyArray<string | false>): { reason?: string } {
  const said = why.filter((text): text is string => text !== false);
  return said.length === 0 ? {} : { reason: said.join('; ') };
}

/** A JSON object of the corpus, confined to its root, or why it cannot be read. */
async function readOptional(place: CorpusPlace, relpath: string): Promise<Read> {
  try {
    return { document: await readRootJsonObject(place, relpath) };
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
  const byFeed = Array.isArray(rollup.by_feed)
    ? asArray(rollup.by_feed).map((item) => {
        const feed = asRecord(item) ?? {};
        return {
          feed_id: asText(feed.feed_id) ?? null,
          feed_url: asText(feed.feed_url) ?? null,
          cost_usd: asFiniteNumber(feed.cost_usd) ?? null,
        };
      })
    : null;
  const total = asFiniteNumber(rollup.total_cost_usd) ?? null;
  const uncosted = (byFeed ?? []).filter((feed) => feed.cost_usd === null);
  return {
    source: 'corpus_manifest.json',
    currency: asText(rollup.currency) ?? null,
    total_cost_usd: total,
    by_stage: asRecord(rollup.by_stage) ? Object.fromEntries(stages) : null,
    by_feed: byFeed,
    ...reasonOf([
      total === null && 'cost_rollup records no total_cost_usd',
      !asRecord(rollup.by_stage) && 'cost_rollup has no by_stage',
      byFeed === null && 'cost_rollup has no by_feed list',
      uncosted.length > 0 &&
        `by_feed records no cost_usd for ${uncosted.map((f) => f.feed_url ?? f.feed_id ?? 'a feed').join(', ')}`,
    ]),
  };
}

/** The runs block: the sum of the run records that carry a cost, or why there is none. */
function runsOf(runs: { runs: CorpusRunSummaryItem[]; run_files: number }): Summary['runs'] {
  const costs = runs.runs
    .map((run) => run.cost_usd)
    .filter((cost): cost is number => cost !== null);
  return {
    source: 'run.json',
    run_files: runs.run_files,
    read: runs.runs.length,
    with_cost: costs.length,
    cost_usd: costs.length === 0 ? null : round6(costs.reduce((a, b) => a + b, 0)),
    newest_created_at: runs.runs[0]?.created_at ?? null,
    ...reasonOf([
      runs.run_files === 0 && 'the corpus holds no run.json',
      runs.run_files > 0 &&
        runs.runs.length === 0 &&
        `none of the ${runs.run_files} run.json files could be read`,
      runs.runs.length > 0 &&
        costs.length === 0 &&
        `none of the ${runs.runs.length} run.json files read records metrics.cost_usd`,
      runs.runs.length > 0 &&
        runs.runs[0]?.created_at === null &&
        'the newest run.json records no created_at',
    ]),
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
  const uncosted = per.filter(([, cost]) => cost === null).map(([id]) => id);
  return {
    source: `enrichments/${RUN_SUMMARY_FILE}`,
    run_id: asText(document.run_id) ?? null,
    status: asText(document.status) ?? null,
    finished_at: asText(document.finished_at) ?? null,
    total_cost_usd: costs.length === 0 ? null : round6(costs.reduce((a, b) => a + b, 0)),
    per_enricher: Object.fromEntries(per),
    ...reasonOf([
      per.length === 0 && `${RUN_SUMMARY_FILE} lists no enricher in per_enricher`,
      uncosted.length > 0 && `${RUN_SUMMARY_FILE} records no cost_usd for ${uncosted.join(', ')}`,
    ]),
  };
}

/**
 * The operator's cost picture from what the corpus holds: the manifest's
 * cost rollup, the run records' costs and the latest enrichment run's spend
 * per enricher. Provider health comes from the enrichment package's
 * resilience state, which the viewer route merges in (packages/corpus does
 * not depend on packages/enrichment); here it is a placeholder saying so.
 */
export async function opsSummary(place: CorpusPlace): Promise<Summary> {
  const [manifest, runs, enrichment] = await Promise.all([
    readOptional(place, 'corpus_manifest.json'),
    readRunSummaries(place),
    readOptional(place, `enrichments/${RUN_SUMMARY_FILE}`),
  ]);
  return {
    costs: costsOf(manifest),
    runs: runsOf(runs),
    model_spend: modelSpendOf(enrichment),
    provider_health: {
      available: false,
      providers: [],
      reason:
        'filled by the caller from the enrichment health (packages/enrichment resilienceState)',
    },
  };
}
