import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const script = resolve(import.meta.dirname, '../scripts/jest-summary.mjs');

function summarise(result: unknown, status = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
  const file = join(dir, 'r.json');
  if (result !== undefined) {
    writeFileSync(file, JSON.stringify(result));
  }
  const run = spawnSync(process.execPath, [script, file, String(status)], { encoding: 'utf8' });
  return { line: run.stdout.trim().split('\n').at(-1), code: run.status };
}

const suite = (status: string, tests: number) => ({
  status,
  assertionResults: Array(tests).fill({}),
});

describe('CI closing line', () => {
  it('prints passed and failed counts from jest JSON and exits 0 on a green run', () => {
    const r = summarise({
      numPassedTests: 7,
      numFailedTests: 0,
      numPendingTests: 0,
      testResults: [suite('passed', 7)],
    });
    expect(r).toEqual({ line: '7 passed, 0 failed', code: 0 });
  });

  it('counts a suite that failed to load as a failure', () => {
    const r = summarise(
      {
        numPassedTests: 3,
        numFailedTests: 0,
        numPendingTests: 0,
        testResults: [suite('passed', 3), suite('failed', 0)],
      },
      1,
    );
    expect(r).toEqual({ line: '3 passed, 1 failed', code: 1 });
  });

  it('reports one failure when jest produced no result at all', () => {
    expect(summarise(undefined, 1)).toEqual({ line: '0 passed, 1 failed', code: 1 });
  });
});
