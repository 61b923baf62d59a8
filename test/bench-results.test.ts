import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  type BenchRun,
  readRuns,
  resultsMarkdown,
  runMarkdown,
  writeRunResults,
} from '../bench/results.mjs';
import { askEvaluationRows, askLatencyRows, chaosRow } from '../bench/rows.mjs';

function run(date: string, flags: string[], ratio: number, met: boolean): BenchRun {
  return {
    date,
    commit: 'abc1234',
    flags,
    node: 'v20.20.2',
    cpus: 2,
    loadavg: '0.10 0.05 0.01',
    tables: [
      {
        title: 'viewer-api at 10,000 episodes vs bare express',
        rows: [
          {
            label: 'episode list',
            rps: 1500,
            ratio,
            p99_ms: 9.5,
            target: 'ratio > 0.5',
            meets_target: met,
          },
          { label: 'digest', rps: 900, p99_ms: 20 },
        ],
      },
    ],
  };
}

describe('bench results as data', () => {
  it('writes one table per section with target, value and a missed verdict', () => {
    const text = runMarkdown(run('2026-11-29T01:00:00.000Z', ['--only=viewer'], 0.4, false));
    expect(text).toContain('Flags: --only=viewer.');
    expect(text).toContain(
      '| episode list | ratio > 0.5 | rps 1,500 · ratio 0.4 · p99_ms 9.5 | **missed** |',
    );
    expect(text).toContain('| digest |  | rps 900 · p99_ms 20 | — |');
    expect(text).toContain('Targets missed: 1.');
  });

  it('keeps every run and puts the newest two full runs side by side with their spread', () => {
    const bench = mkdtempSync(join(tmpdir(), 'bench-'));
    writeRunResults(bench, run('2026-11-27T01:00:00.000Z', [], 0.5, true));
    writeRunResults(bench, run('2026-11-28T01:00:00.000Z', ['--quick'], 0.1, false));
    writeRunResults(bench, run('2026-11-29T01:00:00.000Z', [], 0.7, true));
    writeRunResults(bench, run('2026-11-29T02:00:00.000Z', [], 0.6, true));
    expect(readdirSync(join(bench, 'results')).filter((n) => n.endsWith('.md'))).toHaveLength(4);
    const summary = readFileSync(join(bench, 'RESULTS.md'), 'utf8');
    expect(summary).toContain('2026-11-29T02:00:00.000Z (abc1234');
    expect(summary).toContain('2026-11-29T01:00:00.000Z (abc1234');
    expect(summary).not.toContain('2026-11-27');
    expect(summary).not.toContain('2026-11-28');
    // |0.6 - 0.7| / 0.65 = 15.4 %
    expect(summary).toContain('| 15.38 % of ratio | met / met |');
  });

  it('says so when no full run is recorded, and skips files that are not runs', () => {
    const bench = mkdtempSync(join(tmpdir(), 'bench-'));
    mkdirSync(join(bench, 'results'));
    writeFileSync(join(bench, 'results', 'ask-detail.json'), JSON.stringify({ hit_at_3: 0.9 }));
    writeRunResults(bench, run('2026-11-28T01:00:00.000Z', ['--quick'], 0.1, false));
    expect(readFileSync(join(bench, 'RESULTS.md'), 'utf8')).toContain(
      'No full run is recorded yet',
    );
  });

  it('records chaos scenarios as a run of their own command, a broken guarantee missed', () => {
    const rows = [
      chaosRow({
        name: 'twin-viewers-rebuild',
        ok: true,
        figures: { statuses: '202+409', rebuild_ms: 4462 },
        failures: [],
        durationMs: 15_597,
      }),
      chaosRow({
        name: 'redis-restart',
        ok: false,
        figures: { jobs: 3 },
        failures: ['a job stayed running', 'reconcile found 1 open'],
        durationMs: 20_000,
      }),
    ];
    const chaos: BenchRun = {
      ...run('2026-11-29T03:00:00.000Z', [], 0, true),
      suite: 'chaos',
      tables: [{ title: 'Chaos scenarios', rows }],
    };
    const text = runMarkdown(chaos);
    expect(text).toContain('`pnpm chaos`');
    expect(text).toContain(
      '| twin-viewers-rebuild | its guarantees hold (docs/decisions/reliability.md) | statuses 202+409 · rebuild_ms 4,462 · duration_s 15.6 | met |',
    );
    expect(text).toContain(
      '| redis-restart | its guarantees hold (docs/decisions/reliability.md) | jobs 3 · duration_s 20 · failures a job stayed running; reconcile found 1 open | **missed** |',
    );
    expect(text).toContain('Targets missed: 1.');

    const bench = mkdtempSync(join(tmpdir(), 'bench-'));
    writeRunResults(bench, run('2026-11-29T01:00:00.000Z', [], 0.7, true));
    expect(writeRunResults(bench, chaos)).toBe('2026-11-29T030000Z-abc1234-chaos');
    const summary = readFileSync(join(bench, 'RESULTS.md'), 'utf8');
    const [benchPart, chaosPart] = summary.split('## `pnpm chaos`');
    expect(benchPart).toContain('### viewer-api at 10,000 episodes vs bare express');
    expect(benchPart).not.toContain('redis-restart');
    expect(chaosPart).toContain(
      '2026-11-29T03:00:00.000Z (abc1234, [details](results/2026-11-29T030000Z-abc1234-chaos.md))',
    );
    expect(chaosPart).toContain('| redis-restart |');
    expect(chaosPart).not.toContain('episode list');
  });

  it('records the ask evaluation one measure a row, each against its target', () => {
    const rows = askEvaluationRows({
      hit_at_3: 0.9,
      answerable_abstained: 0.2,
      unanswerable_abstained: 1,
      faithfulness: 1,
      evidence_items: 43,
      threshold: 0.646,
      calibration: { threshold: 0.6 },
      cross_validation: {
        answerable_abstained: 0.067,
        unanswerable_abstained: 0.7,
        threshold_min: 0.6,
        threshold_max: 0.65,
      },
      misses: ['q1', 'q2', 'q3'],
    });
    const uncached = (p50: number, p99: number) => ({
      uncached_answers: 40,
      uncached_p50_ms: p50,
      uncached_p99_ms: p99,
      varied_answers: 400,
      varied_p50_ms: p50 - 10,
      varied_p99_ms: p99 + 100,
    });
    const latency = [
      ...askLatencyRows('10,000 episodes', {
        episodes: 10_000,
        p50_ms: 30,
        p99_ms: 250,
        ...uncached(50, 150),
      }),
      ...askLatencyRows('100,000 episodes', {
        episodes: 100_000,
        p50_ms: 90,
        p99_ms: 900,
        ...uncached(120, 300),
      }),
    ];
    const text = runMarkdown({
      ...run('2026-11-29T01:00:00.000Z', ['--only=ask'], 0, true),
      tables: [
        { title: 'Ask on corpus/sample', rows },
        { title: 'Ask latency', rows: latency },
      ],
    });
    expect(text).toContain(
      '| hit@3: an expected insight among the first three | >= 0.8 | hit_at_3 0.9 | met |',
    );
    expect(text).toContain(
      '| answerable questions abstained | <= 0.1 | answerable_abstained 0.2 | **missed** |',
    );
    expect(text).toContain(
      '| extractive threshold, and the one the set calibrates to |  | threshold 0.646 · calibrated_threshold 0.6 · missed_questions 3 | — |',
    );
    expect(text).toContain(
      '| 10,000 episodes | p50 < 60 ms, p99 < 200 ms | p50_ms 30 · p99_ms 250 · episodes 10,000 | **missed** |',
    );
    expect(text).toContain(
      '| 100,000 episodes | p50 < 100 ms | p50_ms 90 · p99_ms 900 · episodes 100,000 | met |',
    );
    expect(text).toContain(
      '| 10,000 episodes, every transcript read anew | p50 < 60 ms, p99 < 200 ms | p50_ms 50 · p99_ms 150 · answers 40 | met |',
    );
    expect(text).toContain(
      '| 10,000 episodes, as many questions none asked twice | p50 < 60 ms, p99 < 200 ms | p50_ms 40 · p99_ms 250 · answers 400 | **missed** |',
    );
    expect(text).toContain(
      '| 100,000 episodes, every transcript read anew | p50 < 100 ms | p50_ms 120 · p99_ms 300 · answers 40 | **missed** |',
    );
    expect(text).toContain(
      '| out of sample (leave-one-out line): answerable abstained | <= 0.1 | answerable_abstained 0.067 · threshold_min 0.6 · threshold_max 0.65 | met |',
    );
    expect(text).toContain(
      '| out of sample (leave-one-out line): unanswerable abstained | >= 0.8 | unanswerable_abstained 0.7 | **missed** |',
    );
    expect(text).toContain('Targets missed: 6.');
  });

  it('keeps bench/RESULTS.md as the committed runs make it, skipping files that are not runs', () => {
    const bench = resolve(import.meta.dirname, '../bench');
    expect(readFileSync(join(bench, 'RESULTS.md'), 'utf8')).toBe(
      resultsMarkdown(readRuns(join(bench, 'results'))),
    );
  });
});
