import type { Correlation } from '../events/event-log.js';
import type {
  CorpusEnricher,
  EnricherContext,
  EnricherOutput,
  EpisodeEnricher,
} from '../manifest.js';
import { TIER_POLICY } from '../resilience/tier-policy.js';
import { type AttemptResult, attempt, TimeoutError } from './attempts.js';
import type { PlannedEnricher, RunState } from './executor.js';
import type { EnricherOutcome, OutcomeReason } from './outcome.js';
import { corpusEnvelopePath, envelopeOf, episodeEnvelopePath, writeEnvelope } from './run-files.js';

/** How long the circuit stays open after it trips (reported as cooldown_until). */
const CIRCUIT_COOLDOWN_MS = 15 * 60_000;
const ERROR_SAMPLES = 3;

export interface InvocationState {
  state: RunState;
  entry: PlannedEnricher;
  base: Partial<Correlation>;
  context: () => EnricherContext;
}

/** Per-enricher bookkeeping across its invocations in one run. */
class Tally {
  readonly started: number;
  consecutiveFailures = 0;
  circuitOpen = false;
  retries = 0;
  records = 0;
  costUsd = 0;
  errors: string[] = [];
  /** The last sign of progress: an attempt starting, an episode done. */
  lastHeartbeat: number;
  /** An episode-scope enricher logs `started` once, not once per episode. */
  startLogged = false;

  constructor(now: number) {
    this.started = now;
    this.lastHeartbeat = now;
  }

  sample(error: Error) {
    if (this.errors.length < ERROR_SAMPLES) {
      this.errors.push(`${error.name}: ${error.message}`.slice(0, 300));
    }
  }
}

function timeoutOf(inv: InvocationState): number {
  const seconds = inv.entry.config.timeout_s;
  return typeof seconds === 'number' && seconds > 0
    ? seconds * 1000
    : TIER_POLICY[inv.entry.enricher.manifest.tier].timeoutMs;
}

/** One compute under the tier policy, with its events and the breaker. */
async function resilient(
  inv: InvocationState,
  tally: Tally,
  compute: () => Promise<EnricherOutput> | EnricherOutput,
): Promise<AttemptResult<EnricherOutput>> {
  const { state, base } = inv;
  const policy = TIER_POLICY[inv.entry.enricher.manifest.tier];
  const result = await attempt(
    policy,
    timeoutOf(inv),
    compute,
    { clock: state.deps.clock, random: state.deps.random, signal: state.cancel.signal },
    {
      onStart: async (attemptNo) => {
        tally.lastHeartbeat = state.deps.clock.now().getTime();
        const scope = inv.entry.enricher.manifest.scope;
        if (scope === 'episode' && tally.startLogged) {
          return;
        }
        tally.startLogged = true;
        await state.emit(
          'enrichment.enricher.started',
          { ...base, attempt: attemptNo },
          {
            scope,
            ...(scope === 'episode' ? { episodes: state.deps.episodes.length } : {}),
          },
        );
      },
      onRetry: (attemptNo, sleepMs, error) =>
        state.emit(
          'enrichment.enricher.retry',
          { ...base, attempt: attemptNo },
          {
            backoff_s: sleepMs / 1000,
            reason: error.message.slice(0, 300),
            error_class: error instanceof TimeoutError ? 'TimeoutError' : error.name,
          },
        ),
      onFailure: (error) => {
        tally.sample(error);
        tally.consecutiveFailures += 1;
        const threshold = policy.circuitThreshold;
        if (threshold !== null && tally.consecutiveFailures >= threshold && !tally.circuitOpen) {
          tally.circuitOpen = true;
        }
        return tally.circuitOpen;
      },
      onSuccess: () => {
        tally.consecutiveFailures = 0;
      },
    },
  );
  tally.retries += result.retries;
  if (!result.ok && result.circuitOpened) {
    const openedAt = state.deps.clock.now();
    await state.emit('enrichment.enricher.circuit_opened', base, {
      consecutive_failures: tally.consecutiveFailures,
      opened_at: openedAt.toISOString(),
      cooldown_until: new Date(openedAt.getTime() + CIRCUIT_COOLDOWN_MS).toISOString(),
    });
  }
  return result;
}

/**
 * Runs one invocation of an enricher (all its attempts, or all its
 * episodes) with a timer set to its `expected_duration_s`: when the
 * invocation is still running then, `enrichment.enricher.stall_warning` is
 * written at once (spec 03), not after it returns. The timer is cleared
 * when the invocation ends, and a warning being written is awaited, so it
 * always precedes the invocation's `completed` event.
 */
async function watchedForStall<T>(
  inv: InvocationState,
  tally: Tally,
  body: () => Promise<T>,
): Promise<T> {
  const expected = inv.entry.config.expected_duration_s;
  if (typeof expected !== 'number' || !(expected > 0)) {
    return body();
  }
  const { clock } = inv.state.deps;
  let warning: Promise<void> | undefined;
  const cancel = clock.timer(expected * 1000, () => {
    warning = inv.state
      .emit('enrichment.enricher.stall_warning', inv.base, {
        last_heartbeat_at: new Date(tally.lastHeartbeat).toISOString(),
        expected_interval_s: expected,
        elapsed_s: (clock.now().getTime() - tally.started) / 1000,
      })
      .catch(() => undefined);
  });
  try {
    return await body();
  } finally {
    cancel();
    await warning;
  }
}

/** Adds a cost and says which cap, if any, it crossed. */
function chargeCost(inv: InvocationState, tally: Tally, costUsd: number): OutcomeReason | null {
  const { state } = inv;
  tally.costUsd += costUsd;
  state.spentUsd += costUsd;
  const own = inv.entry.config.max_cost_usd_per_run;
  if (typeof own === 'number' && tally.costUsd > own) {
    return {
      kind: 'enricher_cost_cap',
      detail: `spent ${round(tally.costUsd)} USD of its ${own} USD cap`,
      cap_usd: own,
      spent_usd: round(tally.costUsd),
    };
  }
  const runCap = state.plan.maxTotalCostUsd;
  if (runCap !== null && state.spentUsd > runCap) {
    if (state.plan.failOnRunCostCap) {
      state.cancel.abort();
    }
    return {
      kind: 'run_cost_cap',
      detail: `the run spent ${round(state.spentUsd)} USD of its ${runCap} USD cap`,
      cap_usd: runCap,
      spent_usd: round(state.spentUsd),
      cancelled_run: state.plan.failOnRunCostCap,
    };
  }
  return null;
}

function round(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}

function outcomeOf(
  inv: InvocationState,
  tally: Tally,
  status: EnricherOutcome['status'],
  reason: OutcomeReason | null,
): EnricherOutcome {
  return {
    enricher_id: inv.entry.enricher.manifest.id,
    status,
    duration_ms: inv.state.deps.clock.now().getTime() - tally.started,
    records_written: tally.records,
    retries: tally.retries,
    cost_usd: round(tally.costUsd),
    error_samples: tally.errors,
    reason,
  };
}

function failureOf(result: { error: Error; circuitOpened: boolean }): {
  status: 'failed' | 'timeout';
  reason: OutcomeReason;
} {
  if (result.circuitOpened) {
    return { status: 'failed', reason: { kind: 'circuit_open', detail: result.error.message } };
  }
  return result.error instanceof TimeoutError
    ? { status: 'timeout', reason: { kind: 'timeout', detail: result.error.message } }
    : { status: 'failed', reason: { kind: 'error', detail: result.error.message.slice(0, 500) } };
}

/**
 * Writes an envelope; a write that fails (a full disk, a folder in the
 * way) is the enricher's failure, recorded like any other, never the end
 * of the whole run.
 */
async function writeOrFail(
  tally: Tally,
  ...args: Parameters<typeof writeEnvelope>
): Promise<{ status: 'failed'; reason: OutcomeReason } | null> {
  try {
    await writeEnvelope(...args);
    return null;
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    tally.sample(error);
    const detail = `the envelope could not be written: ${error.message}`.slice(0, 500);
    return { status: 'failed', reason: { kind: 'error', detail } };
  }
}

export async function invokeCorpusEnricher(inv: InvocationState): Promise<EnricherOutcome> {
  const tally = new Tally(inv.state.deps.clock.now().getTime());
  return watchedForStall(inv, tally, () => corpusInvocation(inv, tally));
}

async function corpusInvocation(inv: InvocationState, tally: Tally): Promise<EnricherOutcome> {
  const enricher = inv.entry.enricher as CorpusEnricher;
  const result = await resilient(inv, tally, () =>
    enricher.compute(inv.state.deps.episodes, inv.entry.config, inv.context()),
  );
  const file = corpusEnvelopePath(inv.state.plan.corpusRoot, enricher.manifest.id);
  if (!result.ok) {
    if (inv.state.cancel.signal.aborted) {
      return cancelledOutcome(inv, tally);
    }
    const { status, reason } = failureOf(result);
    // Best effort: the failure is reported whether or not its envelope can be written.
    await writeOrFail(
      tally,
      file,
      envelopeOf(enricher.manifest, inv.state.deps.clock.now(), {
        status,
        data: null,
        error: result.error.message.slice(0, 500),
        error_class: result.error.name,
        retry_count: tally.retries,
        circuit_state: tally.circuitOpen ? 'open' : 'closed',
        duration_ms: inv.state.deps.clock.now().getTime() - tally.started,
        records_written: 0,
      }),
    );
    return outcomeOf(inv, tally, status, reason);
  }
  const capHit = chargeCost(inv, tally, result.value.cost_usd);
  const status = capHit === null ? 'ok' : 'quarantined';
  tally.records = capHit === null ? result.value.records_written : 0;
  const unwritten = await writeOrFail(
    tally,
    file,
    envelopeOf(enricher.manifest, inv.state.deps.clock.now(), {
      status,
      data: result.value.data,
      error: capHit?.detail ?? null,
      error_class: capHit === null ? null : 'CostCapExceeded',
      retry_count: tally.retries,
      circuit_state: 'closed',
      duration_ms: inv.state.deps.clock.now().getTime() - tally.started,
      records_written: tally.records,
    }),
  );
  if (unwritten !== null) {
    tally.records = 0;
    return outcomeOf(inv, tally, unwritten.status, unwritten.reason);
  }
  return outcomeOf(inv, tally, status, capHit);
}

/**
 * An episode-scope enricher: one invocation over every episode (one
 * started and one completed event), each episode computed and retried per
 * the tier; the breaker counts consecutive failed episodes; a cost cap or a
 * cancel stops it between episodes, keeping what was written.
 */
export async function invokeEpisodeEnricher(inv: InvocationState): Promise<EnricherOutcome> {
  const tally = new Tally(inv.state.deps.clock.now().getTime());
  return watchedForStall(inv, tally, () => episodeInvocation(inv, tally));
}

async function episodeInvocation(inv: InvocationState, tally: Tally): Promise<EnricherOutcome> {
  const enricher = inv.entry.enricher as EpisodeEnricher;
  let failures = 0;
  let lastFailure: { status: 'failed' | 'timeout'; reason: OutcomeReason } | null = null;
  for (const episode of inv.state.deps.episodes) {
    if (inv.state.cancel.signal.aborted) {
      return cancelledOutcome(inv, tally);
    }
    const result = await resilient(inv, tally, () =>
      enricher.compute(episode, inv.entry.config, inv.context()),
    );
    if (!result.ok) {
      failures += 1;
      lastFailure = failureOf(result);
      if (result.circuitOpened) {
        return outcomeOf(inv, tally, 'failed', lastFailure.reason);
      }
      continue;
    }
    const capHit = chargeCost(inv, tally, result.value.cost_usd);
    if (capHit !== null) {
      return outcomeOf(inv, tally, 'quarantined', capHit);
    }
    const started = inv.state.deps.clock.now();
    const unwritten = await writeOrFail(
      tally,
      episodeEnvelopePath(inv.state.plan.corpusRoot, episode, enricher.manifest.id),
      envelopeOf(enricher.manifest, started, {
        status: 'ok',
        data: result.value.data,
        error: null,
        error_class: null,
        retry_count: 0,
        circuit_state: 'closed',
        duration_ms: 0,
        records_written: result.value.records_written,
      }),
    );
    if (unwritten !== null) {
      failures += 1;
      lastFailure = unwritten;
      continue;
    }
    tally.records += result.value.records_written;
    tally.lastHeartbeat = inv.state.deps.clock.now().getTime();
  }
  if (lastFailure !== null) {
    return outcomeOf(inv, tally, lastFailure.status, {
      ...lastFailure.reason,
      failed_episodes: failures,
    });
  }
  return outcomeOf(inv, tally, 'ok', null);
}

async function cancelledOutcome(inv: InvocationState, tally: Tally): Promise<EnricherOutcome> {
  await inv.state.emit('enrichment.enricher.cancelled', inv.base, {
    reason: 'the run was cancelled',
    partial_records_written: tally.records,
  });
  return outcomeOf(inv, tally, 'cancelled', { kind: 'cancelled', detail: 'the run was cancelled' });
}
