import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { withFileLock, writeFileAtomic } from '@podcast/runtime';
import {
  asArray,
  asFiniteNumber,
  asRecord,
  asText,
  type UnknownRecord,
} from '../readers/lenient-values.js';

/**
 * Re-aggregates `corpus_manifest.json`'s cost_rollup from the run records
 * still in the corpus after a rollback or a restore. The pipeline's total is
 * the sum of its runs' `metrics.cost_usd` (so it is in the sample corpus), so
 * the total and `by_feed` are recomputed from the `run.json` files under
 * `feeds/*\/run_*\/`; `by_stage` and `episodes_costed` have no per-run source
 * and are left as the pipeline wrote them (docs/decisions/graph-queries.md).
 */

const MANIFEST = 'corpus_manifest.json';

interface RunCost {
  feedUrl: string | undefined;
  cost: number | undefined;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

async function readJson(file: string): Promise<UnknownRecord | undefined> {
  try {
    return asRecord(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** The cost and feed of every `feeds/<feed>/run_*\/run.json` outside hidden folders. */
export async function readRunCosts(root: string): Promise<RunCost[]> {
  const costs: RunCost[] = [];
  const feeds = await readdir(path.join(root, 'feeds'), { withFileTypes: true }).catch(() => []);
  for (const feed of feeds.filter((f) => f.isDirectory() && !f.name.startsWith('.'))) {
    const runs = await readdir(path.join(root, 'feeds', feed.name), { withFileTypes: true }).catch(
      () => [],
    );
    for (const run of runs.filter((r) => r.isDirectory() && r.name.startsWith('run_'))) {
      const record = await readJson(path.join(root, 'feeds', feed.name, run.name, 'run.json'));
      if (record !== undefined) {
        const cost = asFiniteNumber(asRecord(record.metrics)?.cost_usd);
        costs.push({
          feedUrl: asText(record.feed_url),
          cost: cost !== undefined && cost >= 0 ? cost : undefined,
        });
      }
    }
  }
  return costs;
}

function rollupFrom(rollup: UnknownRecord, runs: readonly RunCost[]): UnknownRecord {
  const byFeed = asArray(rollup.by_feed).map((item) => {
    const entry = asRecord(item);
    const url = asText(entry?.feed_url);
    if (entry === undefined || url === undefined) {
      return item;
    }
    const cost = runs.filter((r) => r.feedUrl === url).reduce((sum, r) => sum + (r.cost ?? 0), 0);
    return { ...entry, cost_usd: round6(cost) };
  });
  const total = runs.reduce((sum, r) => sum + (r.cost ?? 0), 0);
  return {
    ...rollup,
    total_cost_usd: round6(total),
    ...(Array.isArray(rollup.by_feed) ? { by_feed: byFeed } : {}),
  };
}

export interface CostReaggregation {
  /** The manifest's total after the call; null without a manifest or a cost_rollup. */
  total_cost_usd: number | null;
  /** False when a run record carries no cost, so the total was left as it was. */
  reaggregated: boolean;
}

/**
 * Rewrites the manifest's cost_rollup (atomically, under the manifest's file
 * lock) from the remaining runs. Leaves the file alone when it is missing,
 * unreadable, has no cost_rollup, or when some run record has no cost.
 */
export async function reaggregateManifestCost(root: string, now: Date): Promise<CostReaggregation> {
  const file = path.join(root, MANIFEST);
  return withFileLock(file, async () => {
    const manifest = await readJson(file);
    const rollup = asRecord(manifest?.cost_rollup);
    if (manifest === undefined || rollup === undefined) {
      return { total_cost_usd: null, reaggregated: false };
    }
    const runs = await readRunCosts(root);
    if (runs.some((run) => run.cost === undefined)) {
      return { total_cost_usd: asFiniteNumber(rollup.total_cost_usd) ?? null, reaggregated: false };
    }
    const next = {
      ...manifest,
      updated_at: now.toISOString(),
      cost_rollup: rollupFrom(rollup, runs),
    };
    await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
    return { total_cost_usd: next.cost_rollup.total_cost_usd as number, reaggregated: true };
  });
}
