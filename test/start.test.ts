import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  connectedClient,
  mcpCall,
  TOOLS_IN_ORDER,
} from '../apps/consumer-api/test/support/mcp-oauth-flow.js';

// Runs scripts/start.mjs the way `pnpm start` does (after the build that
// `pnpm test` performs first), with no DATABASE_URL: the consumer API must
// come up on the embedded PGlite under DATA_DIR.
const repo = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'start-data-'));
let child: ChildProcess;
let viewer: string;
let consumer: string;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function waitFor(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        return res;
      }
      lastError = new Error(`${url} answered ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw lastError;
}

beforeAll(async () => {
  const [vp, cp] = [await freePort(), await freePort()];
  viewer = `http://127.0.0.1:${vp}`;
  consumer = `http://127.0.0.1:${cp}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    VIEWER_PORT: String(vp),
    CONSUMER_PORT: String(cp),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.CORPUS_DIR;
  child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repo, env, stdio: 'ignore' });
}, 10_000);

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pnpm start', () => {
  it('serves the sample corpus on the viewer API', async () => {
    const res = await waitFor(`${viewer}/api/artifacts?path=corpus/sample`, 60_000);
    const body = (await res.json()) as { items: unknown[] };
    expect(body.items.length).toBeGreaterThan(20);
  }, 70_000);

  it('serves the consumer API on an embedded database with no DATABASE_URL', async () => {
    const health = await waitFor(`${consumer}/api/health`, 60_000);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
    const docs = await waitFor(`${consumer}/openapi.json`, 5_000);
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.1.0');
  }, 70_000);

  it('answers an MCP client from the bundle, which loads the SDK at the first call', async () => {
    await waitFor(`${consumer}/api/health`, 60_000);
    // In development the local user consents without signing in.
    const { access } = await connectedClient(consumer, '');
    const tools = await mcpCall(consumer, access, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(tools.status).toBe(200);
    expect(tools.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(
      TOOLS_IN_ORDER,
    );
  }, 70_000);

  it('stops both APIs cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  }, 20_000);
});
