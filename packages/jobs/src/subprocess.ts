import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';

export interface SubprocessSpec {
  command: string;
  args: readonly string[];
  env?: Record<string, string>;
  cwd?: string;
  /** stdout and stderr are appended here. */
  logFile: string;
  signal: AbortSignal;
  /** After SIGTERM on abort, SIGKILL follows this many ms later. */
  killGraceMs?: number;
}

export interface SubprocessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  aborted: boolean;
  /** Set when the command could not be started at all (ENOENT, EACCES). */
  spawnError: string | null;
}

/**
 * Runs a command without a shell, its output appended to a log file. An
 * abort sends SIGTERM (the command's chance to stop at a safe point), then
 * SIGKILL after the grace period.
 */
export async function runSubprocess(spec: SubprocessSpec): Promise<SubprocessResult> {
  const log = await open(spec.logFile, 'a');
  try {
    return await new Promise<SubprocessResult>((resolve) => {
      const child = spawn(spec.command, [...spec.args], {
        cwd: spec.cwd,
        env: { ...process.env, ...spec.env },
        stdio: ['ignore', log.fd, log.fd],
      });
      let aborted = false;
      let killTimer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        aborted = true;
        child.kill('SIGTERM');
        killTimer = setTimeout(() => child.kill('SIGKILL'), spec.killGraceMs ?? 10_000);
        killTimer.unref();
      };
      if (spec.signal.aborted) {
        onAbort();
      } else {
        spec.signal.addEventListener('abort', onAbort, { once: true });
      }
      const finish = (result: SubprocessResult) => {
        clearTimeout(killTimer);
        spec.signal.removeEventListener('abort', onAbort);
        resolve(result);
      };
      child.once('error', (err: NodeJS.ErrnoException) => {
        finish({
          exitCode: null,
          signal: null,
          aborted,
          spawnError: `${err.code ?? 'error'}: ${err.message}`,
        });
      });
      child.once('exit', (exitCode, signal) => {
        finish({ exitCode, signal, aborted, spawnError: null });
      });
    });
  } finally {
    await log.close();
  }
}
