import type { JobRecord, PipelineJobParams } from '@podcast/contracts';
import type { JobExecutor } from './run-job.js';
import { runSubprocess } from './subprocess.js';

/**
 * PIPELINE_COMMAND is the program a pipeline job runs: either a JSON array
 * of words (`["python3","-m","pipeline"]`) or words separated by spaces
 * (no shell, no quoting). The argument contract (docs/decisions/jobs.md):
 *
 *   <command...> --output-dir <corpus> [--feed <url>] [--skip-existing]
 *     [--append] [--max-episodes N] [--episode-offset N]
 *     [--episode-order newest|oldest]
 *
 * with PODCAST_JOB_ID in the environment. Exit 0 is success.
 */
export function parseCommandLine(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const words: unknown = JSON.parse(trimmed);
    if (
      !Array.isArray(words) ||
      words.length === 0 ||
      !words.every((w) => typeof w === 'string' && w !== '')
    ) {
      throw new Error('a JSON PIPELINE_COMMAND must be a non-empty array of non-empty strings');
    }
    return words as string[];
  }
  const words = trimmed.split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) {
    throw new Error('PIPELINE_COMMAND is empty');
  }
  return words;
}

export function pipelineArgs(corpusPath: string, params: PipelineJobParams): string[] {
  const args = ['--output-dir', corpusPath];
  if (params.feed_url !== null) {
    args.push('--feed', params.feed_url);
  }
  if (params.skip_existing) {
    args.push('--skip-existing');
  }
  if (params.append) {
    args.push('--append');
  }
  if (params.max_episodes !== null) {
    args.push('--max-episodes', String(params.max_episodes));
  }
  if (params.episode_offset !== null) {
    args.push('--episode-offset', String(params.episode_offset));
  }
  if (params.episode_order !== null) {
    args.push('--episode-order', params.episode_order);
  }
  return args;
}

/**
 * A job executor that runs a command line with arguments derived from the
 * job, its output in the subprocess log. Without a command (`{missing}`)
 * the job fails with that detail.
 */
export function subprocessExecutor(
  command: readonly string[] | { missing: string },
  argsOf: (job: JobRecord) => string[] | Promise<string[]>,
): JobExecutor {
  return async (job, io) => {
    if (!Array.isArray(command)) {
      const { missing } = command as { missing: string };
      await io.log(missing);
      return { ok: false, exitCode: null, error: missing };
    }
    const [program, ...fixed] = command as [string, ...string[]];
    const args = [...fixed, ...(await argsOf(job))];
    await io.log(`running ${JSON.stringify([program, ...args])}`);
    const result = await runSubprocess({
      command: program,
      args,
      env: { PODCAST_JOB_ID: job.job_id },
      logFile: io.files.subprocessLog,
      signal: io.signal,
    });
    if (result.spawnError !== null) {
      return {
        ok: false,
        exitCode: null,
        error: `could not start ${program}: ${result.spawnError}`,
      };
    }
    await io.log(
      `exited with code ${result.exitCode ?? 'none'}${result.signal ? ` (signal ${result.signal})` : ''}`,
    );
    if (result.exitCode === 0) {
      return { ok: true, exitCode: 0, error: null };
    }
    return {
      ok: false,
      exitCode: result.exitCode,
      error: result.signal
        ? `the command stopped on ${result.signal}`
        : `the command exited with code ${result.exitCode}; its output is in the subprocess log`,
    };
  };
}
