import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { connectedClient, REDIRECT } from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * A browser MCP client for real: a page on one origin (127.0.0.1) calls the
 * server on another (localhost) from headless Chromium (Debian's chromium,
 * which .ci/run installs), so the browser itself enforces CORS: preflights,
 * readable challenge headers, and a session route it must not reach. The
 * page's origin is listed in MCP_ALLOWED_ORIGINS, as the endpoint needs.
 */

const CHROMIUM = '/usr/bin/chromium';
const CLIENT_SCRIPT = path.join(import.meta.dirname, 'fixtures', 'mcp-browser-client.js');

let t: TestApp;
let api: Server;
let page: Server;
let profile = '';
let browser: ChildProcess | undefined;
let access = '';
let script = '';
/** Where the page's report goes; set by each run. */
let onReport: (text: string) => void = () => {};

/** The client page: its HTML, its script, and the endpoint it reports to. */
function servePage(): Server {
  return createServer((req, res) => {
    if (req.url === '/report') {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        res.end();
        onReport(text);
      });
      return;
    }
    if (req.url === '/client.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><script type="module" src="/client.js"></script>');
  });
}

beforeAll(async () => {
  script = await readFile(CLIENT_SCRIPT, 'utf8');
  page = servePage();
  page.listen(0, '127.0.0.1');
  await once(page, 'listening');
  const pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  t = await buildProductionTestApp('an-mcp-chromium-test-secret-of-32-chars', {
    env: { PUBLIC_BASE_URL: 'https://podcast.example', MCP_ALLOWED_ORIGINS: pageOrigin },
  });
  const { cookie } = await sessionCookieFor(t.ctx, 'chromium-user');
  access = (await connectedClient(t.app, cookie)).access;
  api = t.app.listen(0, '127.0.0.1');
  await once(api, 'listening');
  profile = await mkdtemp(path.join(tmpdir(), 'mcp-chromium-'));
});

afterAll(async () => {
  if (browser?.pid !== undefined && browser.exitCode === null) {
    process.kill(-browser.pid);
  }
  page?.close();
  api?.close();
  await t.close();
  await rm(profile, { recursive: true, force: true });
});

/** Opens the client page with `query` in headless Chromium and answers what it reported. */
async function reportFromBrowser(
  query: Record<string, string>,
): Promise<Record<string, Record<string, unknown>>> {
  let rejectReport: (err: Error) => void = () => {};
  const report = new Promise<string>((resolve, reject) => {
    onReport = resolve;
    rejectReport = reject;
  });
  const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/?${new URLSearchParams(query)}`;
  browser = spawn(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`, url],
    { stdio: 'ignore', detached: true },
  );
  // A missing or crashing browser fails the test at once, not at its timeout.
  browser.once('error', rejectReport);
  browser.once('exit', (code) => rejectReport(new Error(`${CHROMIUM} exited (${code})`)));
  return JSON.parse(await report);
}

it('lets a page of another origin discover, register and call the MCP endpoint, and nothing else', async () => {
  const apiRoot = `http://localhost:${(api.address() as AddressInfo).port}`;
  const out = await reportFromBrowser({ api: apiRoot, token: access, redirect: REDIRECT });
  expect(out.metadata?.status).toBe(200);
  expect(out.register?.status).toBe(201);
  expect(JSON.parse(out.register?.body as string).client_id).toMatch(/^mcp_/);
  expect(out.anonymous?.status).toBe(401);
  expect(out.anonymous?.www).toContain('resource_metadata=');
  expect(out.tools?.status).toBe(200);
  expect(JSON.parse(out.tools?.body as string).result.tools.length).toBeGreaterThan(0);
  expect(out.grants?.blocked).toMatch(/TypeError/);
}, 60_000);
