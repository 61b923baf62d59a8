import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { basicAuth, type SyncUser, useSyncFixture } from './support/sync-fixture.js';

/*
 * Guessing app passwords over gPodder's Basic sign-in. Behind a proxy the
 * app believes X-Forwarded-For (TRUST_PROXY=loopback, as supertest connects
 * from 127.0.0.1), so each test picks the source addresses it guesses from.
 * The clock is the test's: a block lifts only when a test moves it.
 */

let clock = Date.now();

const suite = useSyncFixture('sign-in-hostile', {
  env: { TRUST_PROXY: 'loopback', PUBLIC_BASE_URL: 'http://sync.example.test' },
  now: () => new Date(clock),
});

/** scrypt runs of the app since it started. */
const hashes = () => suite.f.t.ctx.syncSignIn.hashing.stats().completed;

function signIn(u: SyncUser, password: string, address: string) {
  return request(suite.f.t.app)
    .get(`/api/2/devices/${u.username}.json`)
    .set('authorization', basicAuth(u.username, password))
    .set('x-forwarded-for', address);
}

/** A wrong password that carries the real selector: the guess that used to pay scrypt. */
const withSelector = (u: SyncUser, n = 0) =>
  `${u.password.slice(0, 4)}-${String(n).padStart(4, 'a')}-aaaa-aaaa-aaaa-aaaa`;

async function failFrom(u: SyncUser, address: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    expect((await signIn(u, withSelector(u, i), address)).status).toBe(401);
  }
}

describe('failed sign-ins are throttled before any hash', () => {
  it('answers 429 with Retry-After once one address keeps guessing, and hashes nothing more', async () => {
    const u = await suite.f.user('target-one');
    const before = hashes();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await signIn(u, withSelector(u, i), '203.0.113.1')).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect(hashes() - before).toBe(5);
    const refused = await signIn(u, u.password, '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['www-authenticate']).toBeUndefined();
  });

  it('doubles the block after each further failure', async () => {
    const u = await suite.f.user('target-two');
    await failFrom(u, '203.0.113.2', 5);
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const refused = await signIn(u, withSelector(u, 9), '203.0.113.2');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock += wait * 1000;
      expect((await signIn(u, withSelector(u, 9), '203.0.113.2')).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
  });

  it('lets the right password in from a new address while its user name is under attack', async () => {
    const u = await suite.f.user('target-three');
    // Twenty failures on the name from four addresses: the name is blocked.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      await failFrom(u, address, 5);
    }
    // An address that failed on the name waits, even with the right password…
    expect((await signIn(u, withSelector(u), '198.51.100.5')).status).toBe(401);
    expect((await signIn(u, u.password, '198.51.100.5')).status).toBe(429);
    // …and one that never failed gets in.
    expect((await signIn(u, u.password, '198.51.100.6')).status).toBe(200);
  });

  it('lets a credential that signed in lately through even from a blocked address', async () => {
    const u = await suite.f.user('target-four');
    expect((await signIn(u, u.password, '192.0.2.7')).status).toBe(200);
    await failFrom(u, '192.0.2.7', 5);
    expect((await signIn(u, withSelector(u), '192.0.2.7')).status).toBe(429);
    expect((await signIn(u, u.password, '192.0.2.7')).status).toBe(200);
  });

  it("lets an app's parallel first requests in on one check and one hash", async () => {
    const u = await suite.f.user('parallel-app');
    const before = hashes();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn(u, u.password, '192.0.2.44')),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(hashes() - before).toBe(1);
  });

  it('counts an IPv6 source by its /64', async () => {
    const u = await suite.f.user('target-five');
    await failFrom(u, '2001:db8:5:6::1', 5);
    expect((await signIn(u, withSelector(u), '2001:db8:5:6:ffff::2')).status).toBe(429);
    expect((await signIn(u, u.password, '2001:db8:5:7::1')).status).toBe(200);
  });
});

describe('the selector and the user name leak nothing through the work done', () => {
  it('hashes once for a wrong selector, a wrong secret, an unknown user and a right password', async () => {
    const u = await suite.f.user('target-six');
    const cases: [string, string, number][] = [
      [u.username, 'zzzz-zzzz-zzzz-zzzz-zzzz-zzzz', 401],
      [u.username, withSelector(u), 401],
      ['nobody-by-this-name', u.password, 401],
      [u.username, u.password, 200],
    ];
    for (const [i, [username, password, status]] of cases.entries()) {
      const before = hashes();
      const res = await request(suite.f.t.app)
        .get(`/api/2/devices/${username}.json`)
        .set('authorization', basicAuth(username, password))
        .set('x-forwarded-for', `100.64.0.${i + 1}`);
      expect(res.status).toBe(status);
      expect(hashes() - before).toBe(1);
    }
    // Remembered now: the right password costs no hash again.
    const before = hashes();
    expect((await signIn(u, u.password, '100.64.0.9')).status).toBe(200);
    expect(hashes()).toBe(before);
  });
});

describe('scrypt work is bounded', () => {
  it('hashes a new app password at the same gate as the sign-ins', async () => {
    const before = hashes();
    await suite.f.user('new-password');
    expect(hashes() - before).toBe(1);
  });

  it('runs at most two hashes at once (one on two cores) and turns away guesses past the line', async () => {
    const u = await suite.f.user('target-seven');
    const before = hashes();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(u, withSelector(u, i), `10.7.${i}.1`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401)).toHaveLength(hashes() - before);
    expect(statuses).toContain(429);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.headers['retry-after']).toBe('1');
    }
    const { peak, concurrency } = suite.f.t.ctx.syncSignIn.hashing.stats();
    expect(concurrency).toBeLessThanOrEqual(2);
    expect(peak).toBe(concurrency);
  });
});

describe('the sessionid cookie', () => {
  it('carries no Secure where the configured public origin is plain HTTP', async () => {
    const u = await suite.f.user('plain-http');
    const res = await signIn(u, u.password, '192.0.2.80').set('x-forwarded-proto', 'https');
    const [cookie] = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookie).toMatch(/^sessionid=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});
