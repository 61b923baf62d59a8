import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOGIN_FLOW_LIMITS } from '@podcast/contracts';
import { sql } from 'kysely';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

// Nextcloud's login flow v2 as AntennaPod's NextcloudLoginFlow drives it: a
// POST with an empty form body starts it, the app opens `login` in a
// browser and polls `poll.endpoint` with `token=…` once a second until it
// gets a 200. The browser step is our grant page, behind the web session.

const SECRET = 'a-nextcloud-login-test-secret-of-32!';
const AGENT = 'AntennaPod/3.7.0';
let clock = new Date();
let t: TestApp;
let server: Server;
/** The listening server's origin: the URLs a flow hands out point at it. */
let root = '';

beforeAll(async () => {
  t = await buildProductionTestApp(SECRET, { now: () => clock });
  server = t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await t.close();
});

/** AntennaPod's doRequest: a POST of a form body, nothing else. */
function post(url: string, form: string) {
  const { pathname } = new URL(url, 'http://x');
  return request(root).post(pathname).set('user-agent', AGENT).type('form').send(form);
}

async function start(): Promise<{ token: string; endpoint: string; login: string }> {
  const res = await post('/index.php/login/v2', '');
  expect(res.status).toBe(200);
  return { ...res.body.poll, login: res.body.login };
}

describe('signing a podcast app in with the login flow', () => {
  it('hands the granted app its server, user name and a new app password, once', async () => {
    const { cookie } = await sessionCookieFor(t.ctx, 'nc-ann', { now: clock });
    const flow = await start();
    expect(flow.endpoint).toBe(`${root}/index.php/login/v2/poll`);
    expect(flow.login).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/app\/sync\/login-flow\/[\w-]{43}$/,
    );
    const pending = await post(flow.endpoint, `token=${flow.token}`);
    expect(pending.status).toBe(404);
    const page = new URL(flow.login).pathname;
    // The browser without a session is sent to sign in and back.
    const anonymous = await request(root).get(page);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.login_url).toBe(
      `/api/app/auth/login?return_to=${encodeURIComponent(page)}`,
    );
    const shown = await request(root).get(page).set('cookie', cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.headers['x-frame-options']).toBe('DENY');
    expect(shown.text).toContain(AGENT);
    const granted = await request(root)
      .post(page)
      .set('cookie', cookie)
      .type('form')
      .send('decision=allow');
    expect(granted.status).toBe(200);
    expect((await request(root).get(page).set('cookie', cookie)).status).toBe(409);
    const done = await post(flow.endpoint, `token=${flow.token}`);
    expect(done.status).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.body).toEqual({
      server: root,
      loginName: 'nc-ann',
      appPassword: expect.stringMatching(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/),
    });
    expect((await post(flow.endpoint, `token=${flow.token}`)).status).toBe(404);
    expect((await request(root).get(page).set('cookie', cookie)).status).toBe(404);
    // The password works on the Nextcloud API, and the web app lists it under the app's name.
    const synced = await request(root)
      .get('/index.php/apps/gpoddersync/subscriptions?since=0')
      .auth(done.body.loginName, done.body.appPassword);
    expect(synced.status).toBe(200);
    const listed = await request(root).get('/api/app/sync/app-passwords').set('cookie', cookie);
    expect(listed.body.items.map((p: { name: string }) => p.name)).toEqual([AGENT]);
  });

  it('gives one of two polls at once the password, and the other a 404', async () => {
    const { cookie } = await sessionCookieFor(t.ctx, 'nc-dee', { now: clock });
    const flow = await start();
    await request(root)
      .post(new URL(flow.login).pathname)
      .set('cookie', cookie)
      .type('form')
      .send('decision=allow');
    const polls = await Promise.all(
      [1, 2, 3].map(() => post(flow.endpoint, `token=${flow.token}`)),
    );
    expect(polls.map((p) => p.status).sort()).toEqual([200, 404, 404]);
    const listed = await request(root).get('/api/app/sync/app-passwords').set('cookie', cookie);
    expect(listed.body.items).toHaveLength(1);
  });

  it('ends a denied flow, and refuses a second decision', async () => {
    const { cookie } = await sessionCookieFor(t.ctx, 'nc-bob', { now: clock });
    const flow = await start();
    const page = new URL(flow.login).pathname;
    const decide = (decision: string) =>
      request(root).post(page).set('cookie', cookie).type('form').send(`decision=${decision}`);
    expect((await decide('deny')).status).toBe(200);
    expect((await decide('allow')).status).toBe(404);
    expect((await post(flow.endpoint, `token=${flow.token}`)).status).toBe(404);
    expect((await decide('maybe')).status).toBe(400);
  });

  it('forgets a flow nobody granted after ten minutes', async () => {
    const { cookie } = await sessionCookieFor(t.ctx, 'nc-cy', { now: clock });
    const flow = await start();
    const page = new URL(flow.login).pathname;
    clock = new Date(clock.getTime() + LOGIN_FLOW_LIMITS.ttlMs + 1000);
    expect((await request(root).get(page).set('cookie', cookie)).status).toBe(404);
    const late = await request(root)
      .post(page)
      .set('cookie', cookie)
      .type('form')
      .send('decision=allow');
    expect(late.status).toBe(404);
    expect((await post(flow.endpoint, `token=${flow.token}`)).status).toBe(404);
  });

  it('refuses malformed poll tokens naming the field', async () => {
    for (const form of ['', 'token=', 'token=short', `token=${'x'.repeat(44)}`]) {
      const res = await post('/index.php/login/v2/poll', form);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^body/);
    }
  });
});

describe('the open routes are bounded', () => {
  it('limits the starts and the polls of one address, with Retry-After', async () => {
    clock = new Date(clock.getTime() + LOGIN_FLOW_LIMITS.startWindowMs);
    const starts: number[] = [];
    for (let i = 0; i <= LOGIN_FLOW_LIMITS.startsPerWindow; i += 1) {
      starts.push((await post('/index.php/login/v2', '')).status);
    }
    expect(starts.filter((s) => s === 200).length).toBeLessThanOrEqual(
      LOGIN_FLOW_LIMITS.startsPerWindow,
    );
    const refused = await post('/index.php/login/v2', '');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const polls: number[] = [];
    const token = 'A'.repeat(43);
    for (let i = 0; i <= LOGIN_FLOW_LIMITS.pollsPerMinute; i += 1) {
      polls.push((await post('/index.php/login/v2/poll', `token=${token}`)).status);
    }
    expect(polls.at(-1)).toBe(429);
    expect(polls.slice(0, -1).every((s) => s === 404 || s === 429)).toBe(true);
  });

  it('keeps at most 1,000 waiting flows, and makes room as they expire', async () => {
    clock = new Date(clock.getTime() + LOGIN_FLOW_LIMITS.startWindowMs);
    await sql`
      insert into sync_login_flows (poll_hash, login_hash, client_name, created_at, expires_at)
      select 'p' || n, 'l' || n, 'filler', ${clock}, ${new Date(clock.getTime() + 60_000)}
      from generate_series(1, ${LOGIN_FLOW_LIMITS.pendingFlows}) as n
    `.execute(t.ctx.db);
    const full = await post('/index.php/login/v2', '');
    expect(full.status).toBe(429);
    expect(full.body.detail).toMatch(/waiting/);
    clock = new Date(clock.getTime() + LOGIN_FLOW_LIMITS.ttlMs);
    expect((await post('/index.php/login/v2', '')).status).toBe(200);
    const { rows } = await sql<{ n: string }>`select count(*) as n from sync_login_flows`.execute(
      t.ctx.db,
    );
    expect(Number(rows[0]?.n)).toBeLessThan(10);
  });
});
