import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitUntil } from './free-port.js';

/** The repository root, from src/chaos or dist/chaos alike. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

export type AppName = 'viewer-api' | 'consumer-api' | 'delivery-worker' | 'enrichment-runner';

export interface AppProcess {
  name: AppName;
  /** http://127.0.0.1:<PORT> when the env names a PORT, else ''. */
  baseUrl: string;
  readonly pid: number | undefined;
  /** stdout and stderr lines so far (the newest 5,000). */
  readonly lines: string[];
  /** Starts it again with the same environment (after a kill). */
  start(): Promise<void>;
  /**
   * Sends `signal` to the app's whole process group (its subprocesses too,
   * as a container stop or the OOM killer would) and waits for its exit.
   */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves once `path` answers 2xx (default /api/health); throws after `timeoutMs`. */
  waitHealthy(path?: string, timeoutMs?: number): Promise<void>;
  /** Resident set size in kB and open file descriptors, from /proc. */
  usage(): { rssKb: number; fds: number } | undefined;
}

const KEEP_LINES = 5000;

/** Runs `apps/<name>/dist/bundle.mjs` (the build `pnpm test` makes first) with `env` over a bare PATH. */
export function startApp(name: AppName, env: Record<string, string>): AppProcess {
  let child: ChildProcess | undefined;
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    if (lines.length > KEEP_LINES) {
      lines.splice(0, lines.length - KEEP_LINES);
    }
  };
  const spawnIt = () => {
    child = spawn(process.execPath, [resolve(REPO_ROOT, `apps/${name}/dist/bundle.mjs`)], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so a kill reaches the subprocesses it started.
      detached: true,
    });
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  };
  spawnIt();
  const isRunning = () =>
    child !== undefined && child.exitCode === null && child.signalCode === null;
  const baseUrl = env.PORT ? `http://127.0.0.1:${env.PORT}` : '';
  return {
    name,
    baseUrl,
    get pid() {
      return isRunning() ? child?.pid : undefined;
    },
    lines,
    start: async () => {
      if (isRunning()) {
        throw new Error(`${name} is still running`);
      }
      spawnIt();
    },
    kill: async (signal = 'SIGTERM') => {
      const running = child;
      if (running === undefined || !isRunning()) {
        return;
      }
      const exited = once(running, 'exit');
      try {
        process.kill(-(running.pid as number), signal);
      } catch {
        running.kill(signal);
      }
      await exited;
    },
    waitHealthy: async (path = '/api/health', timeoutMs = 30_000) => {
      const isUp = await waitUntil(
        async () => {
          if (!isRunning()) {
            throw new Error(`${name} exited`);
          }
          return (await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(2000) })).ok;
        },
        timeoutMs,
        200,
      );
      if (!isUp) {
        throw new Error(
          `${name} not healthy at ${path} within ${timeoutMs} ms:\n${lines.slice(-20).join('\n')}`,
        );
      }
    },
    usage: () => usageOf(isRunning() ? child?.pid : undefined),
  };
}

function usageOf(pid: number | undefined): { rssKb: number; fds: number } | undefined {
  if (pid === undefined) {
    return undefined;
  }
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { rssKb, fds: readdirSync(`/proc/${pid}/fd`).length };
  } catch {
    return undefined;
  }
}
