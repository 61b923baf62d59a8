import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const repo = resolve(import.meta.dirname, '..');
const script = resolve(repo, 'scripts/jest-summary.mjs');

function summarise(result: unknown, status = 0, failedChecks?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
  const file = join(dir, 'r.json');
  if (result !== undefined) {
    writeFileSync(file, JSON.stringify(result));
  }
  const args = [script, file, String(status)];
  if (failedChecks !== undefined) {
    args.push(String(failedChecks));
  }
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
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

  it('keeps the last line to passed and failed when tests were skipped', () => {
    const r = summarise({
      numPassedTests: 7,
      numFailedTests: 0,
      numPendingTests: 1,
      testResults: [suite('passed', 8)],
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

  it('counts each failed check (lint, typecheck) as a failure and exits non-zero', () => {
    const green = {
      numPassedTests: 7,
      numFailedTests: 0,
      numPendingTests: 0,
      testResults: [suite('passed', 7)],
    };
    expect(summarise(green, 0, 1)).toEqual({ line: '7 passed, 1 failed', code: 1 });
    expect(summarise(green, 0, 2)).toEqual({ line: '7 passed, 2 failed', code: 1 });
    expect(summarise(green, 0, 0)).toEqual({ line: '7 passed, 0 failed', code: 0 });
    expect(summarise(undefined, 1, 1)).toEqual({ line: '0 passed, 2 failed', code: 1 });
  });
});

describe('JSON result reporter', () => {
  it('writes counts CI can read even when a failure carries a cyclic error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-reporter-'));
    writeFileSync(join(dir, 'ok.test.cjs'), "test('a', () => {});\ntest('b', () => {});\n");
    writeFileSync(
      join(dir, 'cycle.test.cjs'),
      "test('cyclic', () => { const e = new Error('boom'); e.error = e; throw e; });\n",
    );
    writeFileSync(join(dir, 'broken.test.cjs'), "throw new Error('cannot load');\n");
    writeFileSync(
      join(dir, 'jest.config.cjs'),
      `module.exports = ${JSON.stringify({
        rootDir: dir,
        testMatch: ['**/*.test.cjs'],
        transform: {},
        reporters: [resolve(repo, 'scripts/jest-json-reporter.cjs')],
      })};`,
    );
    const file = join(dir, 'results.json');
    const jest = spawnSync(
      process.execPath,
      [resolve(repo, 'node_modules/jest/bin/jest.js'), '--config', join(dir, 'jest.config.cjs')],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, JEST_JSON_FILE: file } },
    );
    expect(jest.status).toBe(1);
    const run = spawnSync(process.execPath, [script, file, String(jest.status)], {
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('2 passed, 2 failed');
    expect(run.status).toBe(1);
  });
});

describe('the suite order of a run without a timing cache', () => {
  it('starts the known slow suites first, each of which exists, then the largest files', async () => {
    const { default: Sequencer, SLOW_FIRST } = await import('../scripts/jest-sequencer.mjs');
    for (const path of SLOW_FIRST) {
      expect({ path, size: statSync(resolve(repo, path)).size > 0 }).toEqual({ path, size: true });
    }
    const dir = mkdtempSync(join(tmpdir(), 'sequencer-'));
    writeFileSync(join(dir, 'large.test.ts'), 'x'.repeat(5000));
    writeFileSync(join(dir, 'small.test.ts'), 'x');
    const slow = resolve(repo, SLOW_FIRST[1] ?? '');
    const tests = [join(dir, 'small.test.ts'), slow, join(dir, 'large.test.ts')].map((path) => ({
      path,
    }));
    const sorted = new Sequencer().sort(tests).map((test) => test.path);
    expect(sorted).toEqual([slow, join(dir, 'large.test.ts'), join(dir, 'small.test.ts')]);
  });
});
