import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { EnrichmentBlock, EnrichmentTier } from '@podcast/contracts';
import { createScratch, type Scratch } from '@podcast/testing';
import { z } from 'zod';
import { admit } from '../src/config/admission.js';
import { readEvents } from '../src/events/event-log.js';
import type { Enricher, EnricherOutput } from '../src/manifest.js';
import { corpusEnricher, episodeEnricher } from '../src/manifest.js';
import { EnricherRegistry } from '../src/registry.js';
import { readHealth } from '../src/resilience/health-store.js';
import { reEnableEnricher } from '../src/resilience/re-enable.js';
import { type Clock, systemClock } from '../src/run/attempts.js';
import { runEnrichment } from '../src/run/executor.js';
import { runStatusOf } from '../src/run/outcome.js';
import { corpusEnvelopePath, episodeEnvelopePath } from '../src/run/run-files.js';
import { episode, fakeClock } from './support.js';

let scratch: Scratch;
let root: string;
beforeEach(() => {
  scratch = createScratch('enrich-exec');
  root = scratch.dir;
});
afterEach(() => scratch.remove());

const EPISODES = [1, 2, 3, 4].map((n) => episode(n));

function testEnricher(
  id: string,
  tier: EnrichmentTier,
  compute: () => Promise<EnricherOutput> | EnricherOutput,
  extra: { accuracy?: boolean; scope?: 'corpus' | 'episode' } = {},
): Enricher {
  const manifest = {
    id,
    version: '0.1.0',
    tier,
    description: 'test',
    schema_version: '1.0',
    config_schema: z.object({}),
    provider_requirement: null,
    accuracy_gate: extra.accuracy ? { metric: 'precision' as const, threshold: 0.5 } : null,
    opt_in: false,
  };
  return extra.scope === 'episode'
    ? episodeEnricher(manifest, compute)
    : corpusEnricher(manifest, compute);
}

const failing = () => {
  throw new Error('provider said no');
};

/** A compute that always fails, and how many times the run called it. */
function countedFailure() {
  let calls = 0;
  return {
    compute: () => {
      calls += 1;
      return failing();
    },
    get calls() {
      return calls;
    },
  };
}
const ok = (cost = 0): EnricherOutput => ({ data: { n: 1 }, records_written: 1, cost_usd: cost });

async function run(
  enrichers: Enricher[],
  block: Record<string, unknown> = {},
  opts: { signal?: AbortSignal; clock?: Clock } = {},
) {
  const registry = new EnricherRegistry(enrichers);
  const enrichersBlock = Object.fromEntries(
    enrichers.map((e) => [e.manifest.id, (block[e.manifest.id] as object | undefined) ?? {}]),
  );
  const admission = await admit({
    block: { enrichers: enrichersBlock as EnrichmentBlock['enrichers'] },
    selection: {},
    registry,
    health: await readHealth(root),
    evalRoot: join(root, 'evals'),
  });
  const clock = fakeClock();
  const summary = await runEnrichment(
    {
      corpusRoot: root,
      profile: 'test',
      parentRunId: null,
      jobId: 'job_test',
      admitted: admission.admitted,
      excluded: admission.excluded,
      maxTotalCostUsd: (block.max_total_cost_usd_per_run as number | undefined) ?? null,
      failOnRunCostCap: (block.fail_on_run_cost_cap as boolean | undefined) ?? false,
    },
    {
      episodes: EPISODES,
      clock: opts.clock ?? clock.clock,
      random: () => 0.5,
      signal: opts.signal ?? new AbortController().signal,
    },
  );
  return { summary, clock, admission };
}

/** Runs one deterministic enricher twice, failing in the first run or the second. */
async function runFailingIn(runNumber: 1 | 2, id: string) {
  let fail = runNumber === 1;
  const enrichers = [testEnricher(id, 'deterministic', () => (fail ? failing() : ok()))];
  await run(enrichers);
  fail = !fail;
  await run(enrichers);
}

describe('the tier policy', () => {
  it('retries an embedding enricher three times with 1, 2 and 4 s sleeps, then fails it', async () => {
    const flaky = countedFailure();
    const { summary, clock } = await run([testEnricher('flaky_embed', 'embedding', flaky.compute)]);
    expect(flaky.calls).toBe(4);
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
    expect(summary.per_enricher.flaky_embed).toMatchObject({ status: 'failed', retries: 3 });
    const retries = await readEvents(root, { event_type: 'enrichment.enricher.retry', limit: 10 });
    expect(retries.map((e) => e.backoff_s)).toEqual([1, 2, 4]);
    expect(retries.map((e) => e.attempt)).toEqual([2, 3, 4]);
    expect(retries[0]).toMatchObject({
      error_class: 'Error',
      enricher_id: 'flaky_embed',
      tier: 'embedding',
      job_id: 'job_test',
    });
  });

  it('does not retry a deterministic enricher', async () => {
    const det = countedFailure();
    const { summary, clock } = await run([testEnricher('det', 'deterministic', det.compute)]);
    expect(det.calls).toBe(1);
    expect(clock.sleeps).toEqual([]);
    expect(summary.per_enricher.det?.status).toBe('failed');
  });

  it('keeps backoff within 10% jitter and the tier cap', async () => {
    const { backoffMs, TIER_POLICY } = await import('../src/resilience/tier-policy.js');
    expect(backoffMs(TIER_POLICY.embedding, 1, () => 0)).toBe(900);
    expect(backoffMs(TIER_POLICY.embedding, 1, () => 1)).toBe(1100);
    expect(backoffMs(TIER_POLICY.embedding, 10, () => 0.5)).toBe(30_000);
    expect(backoffMs(TIER_POLICY.llm, 10, () => 0.5)).toBe(120_000);
  });

  it('opens the circuit of an ML enricher at three consecutive failures', async () => {
    const { summary } = await run([testEnricher('ml_one', 'ml', failing)]);
    expect(summary.per_enricher.ml_one).toMatchObject({
      status: 'failed',
      retries: 2,
      reason: { kind: 'circuit_open' },
    });
    const opened = await readEvents(root, {
      event_type: 'enrichment.enricher.circuit_opened',
      limit: 5,
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ consecutive_failures: 3, enricher_id: 'ml_one' });
    expect(typeof opened[0]?.cooldown_until).toBe('string');
  });

  it('opens the breaker of an episode-scope enricher across episodes and stops it', async () => {
    const perEpisode = countedFailure();
    const { summary } = await run([
      testEnricher('per_ep', 'embedding', perEpisode.compute, { scope: 'episode' }),
    ]);
    // 4 attempts on the first episode, the 5th failure (second episode) opens the circuit.
    expect(perEpisode.calls).toBe(5);
    expect(summary.per_enricher.per_ep).toMatchObject({
      status: 'failed',
      reason: { kind: 'circuit_open' },
    });
  });

  it('times out an enricher past its timeout_s', async () => {
    const { summary } = await run(
      [testEnricher('slow', 'deterministic', () => new Promise<EnricherOutput>(() => undefined))],
      { slow: { timeout_s: 0.05 } },
    );
    expect(summary.per_enricher.slow).toMatchObject({
      status: 'timeout',
      reason: { kind: 'timeout' },
    });
    expect(summary.status).toBe('failed');
  });
});

describe('health across runs', () => {
  it('auto-disables an ML enricher after two failed runs, and a re-enable lets it run again', async () => {
    const enrichers = [testEnricher('ml_two', 'ml', failing)];
    await run(enrichers);
    expect((await readHealth(root)).enrichers.ml_two).toMatchObject({
      consecutive_failures: 1,
      auto_disabled: false,
    });
    await run(enrichers);
    const health = (await readHealth(root)).enrichers.ml_two;
    expect(health).toMatchObject({
      consecutive_failures: 2,
      auto_disabled: true,
      circuit_state: 'open',
    });
    const disabled = await readEvents(root, {
      event_type: 'enrichment.enricher.auto_disabled',
      limit: 5,
    });
    expect(disabled).toHaveLength(1);
    expect(disabled[0]).toMatchObject({ enricher_id: 'ml_two', consecutive_failed_runs: 2 });

    const third = await run(enrichers);
    expect(third.summary.per_enricher.ml_two).toMatchObject({
      status: 'skipped',
      reason: { kind: 'auto_disabled' },
    });

    const record = await reEnableEnricher({
      corpusRoot: root,
      enricherId: 'ml_two',
      operatorId: 'operator',
      reason: 'provider fixed',
      now: new Date('2026-11-21T00:00:00Z'),
      knownIds: new Set(['ml_two']),
    });
    expect(record).toMatchObject({
      auto_disabled: false,
      consecutive_failures: 0,
      circuit_state: 'closed',
    });
    expect(record.audit.at(-1)).toMatchObject({
      reason: 'provider fixed',
      operator_id: 'operator',
    });
    const events = await readEvents(root, { event_type: 'enrichment.health.re_enabled', limit: 5 });
    expect(events[0]).toMatchObject({
      reset_counter: 2,
      cleared_cooldown: true,
      reason: 'provider fixed',
    });

    const fourth = await run(enrichers);
    expect(fourth.summary.per_enricher.ml_two?.status).toBe('failed');
  });

  it('zeroes the failure count after a good run', async () => {
    await runFailingIn(1, 'sometimes');
    expect((await readHealth(root)).enrichers.sometimes).toMatchObject({
      consecutive_failures: 0,
      last_status: 'ok',
    });
  });
});

describe('cost caps', () => {
  it('quarantines an enricher over its own cap, keeping no data', async () => {
    const { summary } = await run([testEnricher('pricey', 'llm', () => ok(0.6))], {
      pricey: { max_cost_usd_per_run: 0.5 },
    });
    expect(summary.per_enricher.pricey).toMatchObject({
      status: 'quarantined',
      cost_usd: 0.6,
      reason: { kind: 'enricher_cost_cap', cap_usd: 0.5 },
    });
    const envelope = JSON.parse(readFileSync(join(root, 'enrichments', 'pricey.json'), 'utf8'));
    expect(envelope).toMatchObject({
      status: 'quarantined',
      data: null,
      error_class: 'CostCapExceeded',
    });
    const done = await readEvents(root, { event_type: 'enrichment.enricher.completed', limit: 5 });
    expect(done[0]).toMatchObject({ status: 'quarantined', reason: { kind: 'enricher_cost_cap' } });
  });

  it('skips the enrichers after the run-wide cap, or cancels the run with fail_on_run_cost_cap', async () => {
    const enrichers = [
      testEnricher('first', 'deterministic', () => ok(1)),
      testEnricher('second', 'embedding', () => ok(0)),
    ];
    const skipped = await run(enrichers, { max_total_cost_usd_per_run: 1 });
    expect(skipped.summary.per_enricher.first?.status).toBe('ok');
    expect(skipped.summary.per_enricher.second).toMatchObject({
      status: 'skipped',
      reason: { kind: 'run_cost_cap' },
    });
    expect(skipped.summary.status).toBe('ok');

    const cancelled = await run(enrichers, {
      max_total_cost_usd_per_run: 0.5,
      fail_on_run_cost_cap: true,
    });
    expect(cancelled.summary.per_enricher.first).toMatchObject({
      status: 'quarantined',
      reason: { kind: 'run_cost_cap', cancelled_run: true },
    });
    expect(cancelled.summary.per_enricher.second?.status).toBe('cancelled');
    expect(cancelled.summary.status).toBe('cancelled');
  });
});

describe('the accuracy gate', () => {
  function writeEvaluation(precision: number, at: string) {
    const dir = join(root, 'evals', 'gated');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${at}.json`), JSON.stringify({ precision, evaluated_at: at }));
  }

  it('keeps a gated enricher out until the newest evaluation shows precision >= 0.5', async () => {
    const enrichers = [testEnricher('gated', 'ml', () => ok(), { accuracy: true })];
    const none = await run(enrichers);
    expect(none.summary.per_enricher.gated).toMatchObject({
      status: 'skipped',
      reason: { kind: 'accuracy_gate' },
    });
    writeEvaluation(0.8, '2026-10-01T00:00:00Z');
    writeEvaluation(0.4, '2026-11-01T00:00:00Z');
    const low = await run(enrichers);
    expect(low.summary.per_enricher.gated).toMatchObject({
      reason: { kind: 'accuracy_gate', precision: 0.4 },
    });
    writeEvaluation(0.62, '2026-11-10T00:00:00Z');
    const admitted = await run(enrichers);
    expect(admitted.summary.per_enricher.gated?.status).toBe('ok');
    expect(admitted.admission.decisions[0]).toMatchObject({ decision: 'promote', precision: 0.62 });
  });
});

describe('a run', () => {
  it('aggregates statuses as spec 03 says', () => {
    expect(runStatusOf([{ status: 'ok' }, { status: 'skipped' }])).toBe('ok');
    expect(runStatusOf([{ status: 'ok' }, { status: 'quarantined' }])).toBe('failed');
    expect(runStatusOf([{ status: 'timeout' }, { status: 'cancelled' }])).toBe('cancelled');
  });

  it('stops at a safe point when cancelled, and records it', async () => {
    const controller = new AbortController();
    const { summary } = await run(
      [
        testEnricher('cancels', 'deterministic', () => {
          controller.abort();
          return ok();
        }),
        testEnricher('after', 'embedding', () => ok()),
      ],
      {},
      { signal: controller.signal },
    );
    expect(summary.per_enricher.after?.status).toBe('cancelled');
    expect(summary.status).toBe('cancelled');
    const cancelled = await readEvents(root, {
      event_type: 'enrichment.enricher.cancelled',
      limit: 5,
    });
    expect(cancelled[0]?.enricher_id).toBe('after');
  });

  it('writes envelopes, the summary and an event log whose every line carries the envelope', async () => {
    const { summary } = await run([
      testEnricher('corpus_one', 'deterministic', () => ok()),
      testEnricher('per_episode', 'deterministic', () => ok(), { scope: 'episode' }),
    ]);
    expect(summary.status).toBe('ok');
    expect(summary.per_enricher.per_episode?.records_written).toBe(4);
    expect(existsSync(join(root, 'feeds/f/metadata/enrichments/ep-3.per_episode.json'))).toBe(true);
    const written = JSON.parse(readFileSync(join(root, 'enrichments', 'run_summary.json'), 'utf8'));
    expect(written.run_id).toBe(summary.run_id);
    const lines = readFileSync(join(root, 'enrichments', 'run.jsonl'), 'utf8')
      .trim()
      .split('\n');
    for (const line of lines) {
      const event = JSON.parse(line);
      for (const key of [
        'run_id',
        'parent_run_id',
        'enricher_id',
        'enricher_version',
        'tier',
        'attempt',
        'job_id',
      ]) {
        expect(event).toHaveProperty(key);
      }
    }
    expect(JSON.parse(lines[0] as string).event_type).toBe('enrichment.run.started');
    expect(JSON.parse(lines.at(-1) as string).event_type).toBe('enrichment.run.completed');
  });

  it('fails an enricher whose envelope cannot be written, and runs the others', async () => {
    mkdirSync(join(corpusEnvelopePath(root, 'blocked'), 'in-the-way'), { recursive: true });
    const blockedEpisode = episodeEnvelopePath(root, EPISODES[1] as (typeof EPISODES)[0], 'per_ep');
    mkdirSync(join(blockedEpisode, 'in-the-way'), { recursive: true });
    const { summary } = await run([
      testEnricher('blocked', 'deterministic', () => ok()),
      testEnricher('per_ep', 'deterministic', () => ok(), { scope: 'episode' }),
      testEnricher('fine', 'deterministic', () => ok()),
    ]);
    expect(summary.per_enricher.blocked).toMatchObject({
      status: 'failed',
      records_written: 0,
      reason: { kind: 'error', detail: expect.stringContaining('could not be written') },
    });
    expect(summary.per_enricher.per_ep).toMatchObject({
      status: 'failed',
      records_written: 3,
      reason: { failed_episodes: 1 },
    });
    expect(summary.per_enricher.fine).toMatchObject({ status: 'ok' });
    const health = await readHealth(root);
    expect(health.enrichers.blocked?.consecutive_failures).toBe(1);
  });

  it('never replaces good data with a failure', async () => {
    await runFailingIn(2, 'keeper');
    const envelope = JSON.parse(readFileSync(join(root, 'enrichments', 'keeper.json'), 'utf8'));
    expect(envelope).toMatchObject({ status: 'ok', data: { n: 1 } });
  });
});

describe('the stall warning', () => {
  /** An enricher whose compute takes `ms` of real time; `returnedAt` is when the last one returned. */
  function slowEnricher(id: string, ms: number, scope: 'corpus' | 'episode' = 'corpus') {
    const timing = { returnedAt: 0 };
    const enricher = testEnricher(
      id,
      'deterministic',
      async () => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        timing.returnedAt = Date.now();
        return ok();
      },
      { scope },
    );
    return { enricher, timing };
  }

  const stallEvents = async () =>
    (await readEvents(root, { limit: 100 })).filter(
      (e) => e.event_type === 'enrichment.enricher.stall_warning',
    );

  it('is written while an invocation runs past expected_duration_s, before it returns', async () => {
    const { enricher, timing } = slowEnricher('slow', 600);
    const { summary } = await run(
      [enricher],
      { slow: { expected_duration_s: 0.2 } },
      { clock: systemClock },
    );
    const events = await readEvents(root, { limit: 100 });
    const stalls = await stallEvents();
    expect(stalls).toEqual([
      expect.objectContaining({
        run_id: summary.run_id,
        enricher_id: 'slow',
        expected_interval_s: 0.2,
        last_heartbeat_at: expect.any(String),
      }),
    ]);
    const stall = stalls[0] as { ts: string };
    expect(Date.parse(stall.ts)).toBeLessThan(timing.returnedAt);
    const types = events.map((e) => e.event_type);
    expect(types.indexOf('enrichment.enricher.stall_warning')).toBeLessThan(
      types.indexOf('enrichment.enricher.completed'),
    );
  });

  it('is written once for an episode-scope invocation that stalls over several episodes', async () => {
    const { enricher } = slowEnricher('slow_episodes', 120, 'episode');
    await run([enricher], { slow_episodes: { expected_duration_s: 0.15 } }, { clock: systemClock });
    expect(await stallEvents()).toHaveLength(1);
  });

  it('is not written for an invocation that ends in time, nor without expected_duration_s', async () => {
    await run(
      [slowEnricher('quick', 20).enricher, slowEnricher('unbounded', 50).enricher],
      { quick: { expected_duration_s: 5 } },
      { clock: systemClock },
    );
    expect(await stallEvents()).toEqual([]);
  });
});
