import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { JobRecord } from '@podcast/contracts';
import { createScratch } from '@podcast/testing';
import { pipelineArgs, subprocessExecutor } from './pipeline-command.js';
import { FULL_BATCH_PARAMS } from './scheduler.js';

const scratch = createScratch('pipeline-command');
afterAll(() => scratch.remove());

const job = { job_id: 'job_test0000001', corpus_path: scratch.dir } as JobRecord;
const lines: string[] = [];
const io = () => ({
  signal: new AbortController().signal,
  log: async (line: string) => {
    lines.push(line);
  },
  files: {
    dir: scratch.dir,
    log: join(scratch.dir, 'j.log'),
    subprocessLog: join(scratch.dir, 'j.sub.log'),
  },
});

describe('subprocessExecutor', () => {
  it('fails the job with the detail when no command is configured', async () => {
    const run = subprocessExecutor({ missing: 'PIPELINE_COMMAND is not set' }, () => []);
    expect(await run(job, io())).toEqual({
      ok: false,
      exitCode: null,
      error: 'PIPELINE_COMMAND is not set',
    });
    expect(lines.at(-1)).toBe('PIPELINE_COMMAND is not set');
  });

  it('runs the command with the job arguments and PODCAST_JOB_ID, its output in the subprocess log', async () => {
    const script =
      'console.log(JSON.stringify([process.argv.slice(1), process.env.PODCAST_JOB_ID]))';
    const run = subprocessExecutor([process.execPath, '-e', script, '--'], () => [
      '--output-dir',
      'x',
    ]);
    expect(await run(job, io())).toEqual({ ok: true, exitCode: 0, error: null });
    const printed = JSON.parse(readFileSync(join(scratch.dir, 'j.sub.log'), 'utf8'));
    expect(printed).toEqual([['--output-dir', 'x'], 'job_test0000001']);
  });

  it('reports a command that cannot start', async () => {
    const run = subprocessExecutor(['/nonexistent/pipeline'], () => []);
    const result = await run(job, io());
    expect(result).toMatchObject({
      ok: false,
      exitCode: null,
      error: expect.stringMatching(/could not start .*ENOENT/),
    });
  });
});

describe('pipelineArgs', () => {
  it('leaves out every parameter the job does not set', () => {
    expect(pipelineArgs('/c', FULL_BATCH_PARAMS)).toEqual(['--output-dir', '/c']);
  });
});
