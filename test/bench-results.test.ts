import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type BenchRun, runMarkdown, writeRunResults } from '../bench/results.mjs';

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
});
