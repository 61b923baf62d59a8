import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'stoppable-main.ts');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the fixture in its own node; sends `signal` once it says it is ready. */
function run(mode: string, signal?: NodeJS.Signals): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (signal !== undefined && stdout.includes('ready\n')) {
      child.kill(signal);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('runMain', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'runs the stop function on %s and exits 0',
    async (signal) => {
      const outcome = await run('clean', signal);
      expect(outcome.stdout).toBe('ready\nclosed\n');
      expect(outcome.code).toBe(0);
    },
  );

  it('exits 1 when stopping outlives the grace period', async () => {
    const outcome = await run('hang', 'SIGTERM');
    expect(outcome.stdout).toBe('ready\n');
    expect(outcome.code).toBe(1);
  });

  it('exits 1 with the error when stopping fails', async () => {
    const outcome = await run('fail', 'SIGTERM');
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('could not close the pool');
  });

  it('prints a configuration error as one line and exits 1', async () => {
    const outcome = await run('config');
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe('invalid configuration: PORT: expected a number\n');
  });

  it('lets a main with nothing to stop end on its own with 0', async () => {
    const outcome = await run('done');
    expect(outcome).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
