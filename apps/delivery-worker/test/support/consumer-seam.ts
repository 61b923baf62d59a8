import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createScratch } from '@podcast/testing';

// `pnpm test` builds first, so consumer-api runs as it does in production.
const CONSUMER_MAIN = fileURLToPath(
  new URL('../../../consumer-api/dist/bundle.mjs', import.meta.url),
);

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** consumer-api as a process of its own, serving the seam on a free port. */
export async function startConsumerApi(env: Record<string, string>) {
  const port = await freePort();
  // Its own DATA_DIR (corpus index, projection), never the repository's `.data`.
  const data = createScratch('seam-consumer-data');
  const child: ChildProcess = spawn(process.execPath, [CONSUMER_MAIN], {
    env: {
      ...process.env,
      DATA_DIR: data.dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NOTIFICATION_SCHEDULER: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      data.remove();
      throw new Error(`consumer-api exited with ${child.exitCode}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      data.remove();
      throw new Error('consumer-api did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      data.remove();
    },
  };
}
