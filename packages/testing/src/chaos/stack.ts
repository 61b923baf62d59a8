import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppName, type AppProcess, startApp } from './app-process.js';
import { freePort } from './free-port.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.js';
import { startThrowawayRedis, type ThrowawayRedis } from './throwaway-redis.js';

export const OUTBOX_TOKEN = 'chaos-outbox-token-0123456789';
export const OPERATOR_TOKEN = 'chaos-operator-token-0123456789';

/** Apps and servers started for one scenario, and the temporary folders they write to. */
export interface Stack {
  apps: AppProcess[];
  /** Starts an API on a free port with its own DATA_DIR, and waits until it answers. */
  startApi(name: 'viewer-api' | 'consumer-api', env: Record<string, string>): Promise<AppProcess>;
  /** Starts a worker process (no port). */
  startWorker(name: AppName, env: Record<string, string>): AppProcess;
  /** A PostgreSQL server of the scenario's own, destroyed by close() once the apps are gone. */
  startPostgres(): Promise<ThrowawayPostgres>;
  /** A Redis server of the scenario's own, destroyed by close() once the apps are gone. */
  startRedis(options?: { appendonly?: boolean }): Promise<ThrowawayRedis>;
  /** Runs `cleanup` in close() after the apps are killed, the latest first. */
  defer(cleanup: () => unknown): void;
  tempDir(prefix: string): string;
  /** SIGKILLs every app still running, runs the deferred cleanups and removes the folders. */
  close(): Promise<void>;
}

export function createStack(): Stack {
  const apps: AppProcess[] = [];
  const dirs: string[] = [];
  const cleanups: (() => unknown)[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), `chaos-${prefix}-`));
    dirs.push(dir);
    return dir;
  };
  const defer = (cleanup: () => unknown) => {
    cleanups.push(cleanup);
  };
  return {
    apps,
    tempDir,
    defer,
    startApi: async (name, env) => {
      const app = startApp(name, {
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        DATA_DIR: tempDir(name),
        ...env,
      });
      apps.push(app);
      await app.waitHealthy('/api/health', 60_000);
      return app;
    },
    startWorker: (name, env) => {
      const app = startApp(name, { LOG_LEVEL: 'warn', DATA_DIR: tempDir(name), ...env });
      apps.push(app);
      return app;
    },
    startPostgres: async () => {
      const pg = await startThrowawayPostgres();
      defer(() => pg.destroy());
      return pg;
    },
    startRedis: async (options) => {
      const redis = await startThrowawayRedis(options);
      defer(() => redis.destroy());
      return redis;
    },
    close: async () => {
      await Promise.all(apps.map((app) => app.kill('SIGKILL')));
      for (const cleanup of cleanups.splice(0).reverse()) {
        await cleanup();
      }
      for (const dir of dirs) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs `body` on a new stack and closes the stack afterwards, also when `body` throws. */
export async function withStack(body: (stack: Stack) => Promise<void>): Promise<void> {
  const stack = createStack();
  try {
    await body(stack);
  } finally {
    await stack.close();
  }
}

/**
 * A consumer-api's environment on `corpusDir` and `pg`: the seam's token
 * set and the in-process scheduler off, unless `env` says otherwise.
 */
export function consumerEnv(
  corpusDir: string,
  pg: ThrowawayPostgres,
  env: Record<string, string> = {},
): Record<string, string> {
  return {
    CORPUS_DIR: corpusDir,
    DATABASE_URL: pg.url,
    INTERNAL_OUTBOX_TOKEN: OUTBOX_TOKEN,
    NOTIFICATION_SCHEDULER: 'off',
    ...env,
  };
}
