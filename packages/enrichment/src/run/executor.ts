import { randomBytes } from 'node:crypto';
import type { EnrichmentTier } from '@podcast/contracts';
import { mapLimit } from '@podcast/runtime';
import { appendEvent, type Correlation, type EventType } from '../events/event-log.js';
import type { EpisodeFacts } from '../facts.js';
import type { Enricher, EnricherContext } from '../manifest.js';
import { TIER_ORDER, TIER_POLICY } from '../resilience/tier-policy.js';
import type { Clock } from './attempts.js';
import { applyRunToHealth } from './health-update.js';
import { type InvocationState, invokeCorpusEnricher, invokeEpisodeEnricher } from './invoke.js';
import type { EnricherOutcome, OutcomeReason } from './outcome.js';
import { runStatusOf, skippedOutcome } from './outcome.js';
import {
  countsOf,
  type RunSummary,
  runSummaryPath,
  statusFilePath,
  writeJsonAtomic,
} from './run-files.js';

/** An enricher admitted to a run, with its resolved block and provider. */
export interface PlannedEnricher {
  enricher: Enricher;
  config: Record<string, unknown>;
  provider?: () => Promise<unknown>;
}

export interface RunPlan {
  corpusRoot: string;
  profile: string | null;
  parentRunId: string | null;
  jobId: string | null;
  admitted: readonly PlannedEnricher[];
  /** Enrichers of the configuration left out, each with why (they end `skipped`). */
  excluded: ReadonlyArray<{ id: string; reason: OutcomeReason }>;
  maxTotalCostUsd: number | null;
  failOnRunCostCap: boolean;
}

export interface RunDeps {
  episodes: readonly EpisodeFacts[];
  clock: Clock;
  random: () => number;
  /** Aborted on SIGTERM or a cancel: the run stops at its next safe point. */
  signal: AbortSignal;
  onProgress?: (event: RunProgress) => void;
}

/** One enricher finished: what a terminal progress line shows. */
export interface RunProgress {
  enricher_id: string;
  status: string;
  done: number;
  total: number;
}

/** What every invocation of one run shares: costs, the cancel signal, the event writer. */
export interface RunState {
  plan: RunPlan;
  deps: RunDeps;
  runId: string;
  spentUsd: number;
  /** Aborted by the caller's signal or by fail_on_run_cost_cap. */
  cancel: AbortController;
  emit(
    type: EventType,
    correlation: Partial<Correlation>,
    fields?: Record<string, unknown>,
  ): Promise<void>;
}

export function newRunId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `enrich_${stamp}_${randomBytes(3).toString('hex')}`;
}

/**
 * Runs the planned enrichers tier by tier (each tier's concurrency), every
 * invocation under its tier's policy, and records the run: events in
 * enrichments/run.jsonl, envelopes, the status file while it runs, the run
 * summary and the cross-run health at the end.
 */
export async function runEnrichment(plan: RunPlan, deps: RunDeps): Promise<RunSummary> {
  const started = deps.clock.now();
  const cancel = new AbortController();
  const onAbort = () => cancel.abort();
  deps.signal.addEventListener('abort', onAbort, { once: true });
  const state: RunState = {
    plan,
    deps,
    runId: newRunId(started),
    spentUsd: 0,
    cancel,
    emit: (type, correlation, fields = {}) =>
      appendEvent(plan.corpusRoot, {
        event_type: type,
        ts: deps.clock.now().toISOString(),
        run_id: state.runId,
        parent_run_id: plan.parentRunId,
        enricher_id: null,
        enricher_version: null,
        tier: null,
        attempt: null,
        job_id: plan.jobId,
        ...correlation,
        ...fields,
      }),
  };
  try {
    await state.emit(
      'enrichment.run.started',
      {},
      {
        profile: plan.profile,
        enricher_set: plan.admitted.map((p) => p.enricher.manifest.id),
      },
    );
    const status = statusWriter(state, started);
    const outcomes = [...plan.excluded.map(({ id, reason }) => skippedOutcome(id, reason))];
    for (const tier of TIER_ORDER) {
      const planned = plan.admitted.filter((p) => p.enricher.manifest.tier === tier);
      const results = await mapLimit(planned, TIER_POLICY[tier].concurrency, async (entry) => {
        await status.starting(entry.enricher.manifest.id);
        const outcome = await runOne(state, entry, tier);
        await status.finished(outcome);
        deps.onProgress?.({
          enricher_id: outcome.enricher_id,
          status: outcome.status,
          done: status.done(),
          total: plan.admitted.length,
        });
        return outcome;
      });
      outcomes.push(...results);
    }
    return await finishRun(state, started, outcomes);
  } finally {
    deps.signal.removeEventListener('abort', onAbort);
  }
}

async function runOne(
  state: RunState,
  entry: PlannedEnricher,
  tier: EnrichmentTier,
): Promise<EnricherOutcome> {
  const { manifest } = entry.enricher;
  const base: Partial<Correlation> = {
    enricher_id: manifest.id,
    enricher_version: manifest.version,
    tier,
  };
  if (state.cancel.signal.aborted) {
    await state.emit('enrichment.enricher.cancelled', base, {
      reason: 'the run was cancelled before this enricher started',
      partial_records_written: 0,
    });
    return skippedOutcome(manifest.id, {
      kind: 'cancelled',
      detail: 'the run was cancelled first',
    });
  }
  const cap = state.plan.maxTotalCostUsd;
  if (cap !== null && state.spentUsd >= cap) {
    return completed(
      state,
      base,
      skippedOutcome(manifest.id, {
        kind: 'run_cost_cap',
        detail: `the run already spent ${state.spentUsd} USD of its ${cap} USD cap`,
        cap_usd: cap,
        spent_usd: state.spentUsd,
      }),
    );
  }
  const invocation: InvocationState = {
    state,
    entry,
    base,
    context: (): EnricherContext => ({
      now: state.deps.clock.now(),
      signal: state.cancel.signal,
      provider: entry.provider,
    }),
  };
  const outcome =
    entry.enricher.manifest.scope === 'corpus'
      ? await invokeCorpusEnricher(invocation)
      : await invokeEpisodeEnricher(invocation);
  return completed(state, base, outcome);
}

async function completed(state: RunState, base: Partial<Correlation>, outcome: EnricherOutcome) {
  await state.emit('enrichment.enricher.completed', base, {
    status: outcome.status,
    duration_ms: outcome.duration_ms,
    records_written: outcome.records_written,
    retries: outcome.retries,
    cost_usd: outcome.cost_usd,
    ...(outcome.reason === null ? {} : { reason: outcome.reason }),
  });
  return outcome;
}

function statusWriter(state: RunState, started: Date) {
  const file = statusFilePath(state.plan.corpusRoot);
  const queue = new Set(state.plan.admitted.map((p) => p.enricher.manifest.id));
  const current = new Set<string>();
  const finished: Array<{ enricher_id: string; status: string; duration_ms: number }> = [];
  let writing = Promise.resolve();
  const write = () => {
    const snapshot = {
      schema_version: '1',
      run_id: state.runId,
      job_id: state.plan.jobId,
      started_at: started.toISOString(),
      profile: state.plan.profile,
      current_enricher: [...current][0] ?? null,
      running: [...current],
      queue: [...queue],
      completed: [...finished],
    };
    writing = writing.then(() => writeJsonAtomic(file, snapshot)).catch(() => undefined);
    return writing;
  };
  return {
    starting: (id: string) => {
      queue.delete(id);
      current.add(id);
      return write();
    },
    finished: (outcome: EnricherOutcome) => {
      current.delete(outcome.enricher_id);
      finished.push({
        enricher_id: outcome.enricher_id,
        status: outcome.status,
        duration_ms: outcome.duration_ms,
      });
      return write();
    },
    done: () => finished.length,
  };
}

async function finishRun(
  state: RunState,
  started: Date,
  outcomes: readonly EnricherOutcome[],
): Promise<RunSummary> {
  const finished = state.deps.clock.now();
  const summary: RunSummary = {
    schema_version: '1',
    run_id: state.runId,
    parent_run_id: state.plan.parentRunId,
    job_id: state.plan.jobId,
    profile: state.plan.profile,
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    duration_ms: finished.getTime() - started.getTime(),
    status: runStatusOf(outcomes),
    per_enricher: Object.fromEntries(
      outcomes.map(({ enricher_id, ...rest }) => [
        enricher_id,
        { ...rest, ...countsOf(rest.status) },
      ]),
    ),
  };
  await applyRunToHealth(state, outcomes);
  await writeJsonAtomic(runSummaryPath(state.plan.corpusRoot), summary);
  await state.emit(
    'enrichment.run.completed',
    {},
    {
      status: summary.status,
      duration_ms: summary.duration_ms,
      per_enricher_totals: Object.fromEntries(
        Object.entries(summary.per_enricher).map(([id, row]) => [
          id,
          {
            status: row.status,
            runs_total: row.runs_total,
            runs_ok: row.runs_ok,
            runs_failed: row.runs_failed,
            records_written: row.records_written,
            cost_usd: row.cost_usd,
          },
        ]),
      ),
    },
  );
  return summary;
}
