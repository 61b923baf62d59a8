import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, waitUntil } from './free-port.js';

export interface ThrowawayRedis {
  url: string;
  port: number;
  /** SIGTERM (default) lets Redis write its append-only file; SIGKILL is a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
  restart(downMs?: number): Promise<void>;
  destroy(): Promise<void>;
}

async function answersPing(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } finally {
    // A refused connection has ended already; disconnecting it again left a 2 s timer behind.
    if (redis.status !== 'end') {
      redis.disconnect();
    }
  }
}

/**
 * A redis-server of its own on a free port, without persistence (a restart
 * loses every key, the worst case BullMQ must live with unless AOF is on:
 * pass `appendonly` to keep them across restarts).
 */
export async function startThrowawayRedis(
  options: { appendonly?: boolean } = {},
): Promise<ThrowawayRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', options.appendonly ? 'yes' : 'no');
  const start = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' });
    if (!(await waitUntil(() => answersPing(url), 10_000))) {
      throw new Error(`redis-server on ${port} did not answer`);
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    child = undefined;
    if (running !== undefined && running.exitCode === null) {
      running.kill(signal);
      await once(running, 'exit');
    }
  };
  await start();
  return {
    url,
    port,
    start,
    stop,
    restart: async (downMs = 0) => {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    destroy: async () => {
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
