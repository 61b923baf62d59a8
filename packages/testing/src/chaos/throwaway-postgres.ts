import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Fast shutdown: open sessions are cut, as in a failover or a crash-restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops, waits `downMs`, starts again on the same port and data. */
  restart(downMs?: number): Promise<void>;
  /** Stops the server and removes its data folder. */
  destroy(): Promise<void>;
}

/** The newest installed server's binaries (Debian keeps them out of PATH). */
function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => join(base, v, 'bin'))
    .find((d) => existsSync(join(d, 'initdb')));
  if (found === undefined) {
    throw new Error(`no PostgreSQL server binaries under ${base}`);
  }
  return found;
}

/** initdb and postgres refuse to run as root: run them as the postgres user then. */
function asServerUser(bin: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

async function serverCommand(bin: string, args: string[]): Promise<void> {
  const [file, argv] = asServerUser(bin, args);
  await run(file, argv, { timeout: 60_000 });
}

/**
 * A PostgreSQL server of its own in a temporary folder, on a free port, that
 * a test may stop and restart at will; the machine's shared server is never
 * touched. fsync is off: the data is thrown away.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'chaos-pg-'));
  if (userInfo().uid === 0) {
    chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), -1);
  }
  const data = join(dir, 'data');
  await serverCommand(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = join(bin, 'pg_ctl');
  const start = () =>
    serverCommand(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  const stop = () => serverCommand(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  let isUp = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await start();
      isUp = true;
    },
    stop: async () => {
      await stop();
      isUp = false;
    },
    restart: async (downMs = 0) => {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    destroy: async () => {
      if (isUp) {
        await stop().catch(() => undefined);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
