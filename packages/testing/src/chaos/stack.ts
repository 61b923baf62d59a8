import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppName, type AppProcess, startApp } from './app-process.js';
import { freePort } from './free-port.js';

export const OUTBOX_TOKEN = 'chaos-outbox-token-0123456789';
export const OPERATOR_TOKEN = 'chaos-operator-token-0123456789';

/** Apps started for one scenario, and the temporary folders they write to. */
export interface Stack {
  apps: AppProcess[];
  /** Starts an API on a free port with its own DATA_DIR, and waits until it answers. */
  startApi(name: 'viewer-api' | 'consumer-api', env: Record<string, string>): Promise<AppProcess>;
  /** Starts a worker process (no port). */
  startWorker(name: AppName, env: Record<string, string>): AppProcess;
  tempDir(prefix: string): string;
  /** SIGKILLs every app still running and removes the folders. */
  close(): Promise<void>;
}

export function createStack(): Stack {
  const apps: AppProcess[] = [];
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), `chaos-${prefix}-`));
    dirs.push(dir);
    return dir;
  };
  return {
    apps,
    tempDir,
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
    close: async () => {
      await Promise.all(apps.map((app) => app.kill('SIGKILL')));
      for (const dir of dirs) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
