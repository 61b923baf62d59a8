import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import request from 'supertest';
import { basicAuth, type SyncUser, useSyncFixture } from './support/sync-fixture.js';

const suite = useSyncFixture('gpodder-auth');
let ann: SyncUser;
let bob: SyncUser;

beforeAll(async () => {
  ann = await suite.f.user('ann');
  bob = await suite.f.user('bob');
});

const app = () => suite.f.t.app;
const CHALLENGE = /^Basic realm="podcast sync"/;

function sessionIdOf(res: request.Response): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = set.find((c) => c.startsWith('sessionid='));
  if (cookie === undefined) {
    throw new Error('no sessionid cookie set');
  }
  return cookie.split(';')[0] as string;
}

describe('app passwords on /api/app', () => {
  it('mints, lists without secrets, and revokes', async () => {
    const u = await suite.f.user('carol');
    expect(u.username).toBe('carol');
    expect(u.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
    const list = await request(app()).get('/api/app/sync/app-passwords').set('cookie', u.cookie);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      {
        id: u.passwordId,
        name: "carol's phone",
        username: 'carol',
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(u.password);
    await request(app()).get(`/api/2/devices/carol.json`).set('authorization', u.basic);
    const used = await request(app()).get('/api/app/sync/app-passwords').set('cookie', u.cookie);
    expect(used.body.items[0].last_used_at).toEqual(expect.any(String));
    const gone = await request(app())
      .delete(`/api/app/sync/app-passwords/${u.passwordId}`)
      .set('cookie', u.cookie);
    expect(gone.status).toBe(204);
    const again = await request(app())
      .delete(`/api/app/sync/app-passwords/${u.passwordId}`)
      .set('cookie', u.cookie);
    expect(again.status).toBe(404);
  });

  it('gives two users with the same mailbox name different user names', async () => {
    const one = await suite.f.user('same');
    const { cookie } = await (async () => {
      const { sessionCookieFor } = await import('./support/session-cookie-for.js');
      return sessionCookieFor(suite.f.t.ctx, 'same-other');
    })();
    // Another account whose e-mail local part is also "same".
    await suite.f.t.ctx.db
      .updateTable('users')
      .set({ email: 'same@elsewhere.example' })
      .where('provider_subject', '=', 'same-other')
      .execute();
    const res = await request(app())
      .post('/api/app/sync/app-passwords')
      .set('cookie', cookie)
      .send({ name: 'x' });
    expect(res.status).toBe(201);
    expect(one.username).toBe('same');
    expect(res.body.username).toMatch(/^same-[0-9a-f]{8}$/);
  });

  it('refuses bad names with a 400 naming the field, and the 21st password with a 409', async () => {
    const u = await suite.f.user('dave');
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'é'.repeat(51) },
      { name: 'ok', extra: 1 },
    ]) {
      const res = await request(app())
        .post('/api/app/sync/app-passwords')
        .set('cookie', u.cookie)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^(body\.name|body)/);
    }
    const nul = await request(app())
      .post('/api/app/sync/app-passwords')
      .set('cookie', u.cookie)
      .set('content-type', 'application/json')
      .send('{"name":"a\\u0000b"}');
    expect(nul.status).toBe(400);
    const made = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        request(app())
          .post('/api/app/sync/app-passwords')
          .set('cookie', u.cookie)
          .send({ name: `n${i}` }),
      ),
    );
    const statuses = made.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(19);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const badId = await request(app())
      .delete('/api/app/sync/app-passwords/nope')
      .set('cookie', u.cookie);
    expect(badId.status).toBe(400);
  });

  it('needs the web session: no session is a 401, and an app password is no web credential', async () => {
    expect((await request(app()).get('/api/app/sync/app-passwords')).status).toBe(401);
    const viaBasic = await request(app()).get('/api/app/library').set('authorization', ann.basic);
    expect(viaBasic.status).toBe(401);
    const login = await request(app())
      .post(`/api/2/auth/${ann.username}/login.json`)
      .set('authorization', ann.basic);
    const viaSyncCookie = await request(app())
      .get('/api/app/library')
      .set('cookie', sessionIdOf(login));
    expect(viaSyncCookie.status).toBe(401);
    // And the web session is no sync credential.
    const viaWeb = await request(app())
      .get(`/api/2/devices/${ann.username}.json`)
      .set('cookie', ann.cookie);
    expect(viaWeb.status).toBe(401);
  });
});

describe('signing in to the gPodder API', () => {
  it('challenges a request without credentials, as Basic clients expect', async () => {
    const res = await request(app()).get(`/api/2/devices/${ann.username}.json`);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(CHALLENGE);
    const login = await request(app()).post(`/api/2/auth/${ann.username}/login.json`);
    expect(login.status).toBe(401);
    expect(login.headers['www-authenticate']).toMatch(CHALLENGE);
  });

  it('refuses a wrong password, an unknown user, a malformed header and a web password', async () => {
    for (const authorization of [
      basicAuth(ann.username, 'wrong-password'),
      basicAuth(ann.username, bob.password),
      basicAuth('nobody', ann.password),
      basicAuth(ann.username, ''),
      'Basic !!!',
      'Basic',
      `Bearer ${ann.password}`,
    ]) {
      const res = await request(app())
        .get(`/api/2/devices/${ann.username}.json`)
        .set('authorization', authorization);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(CHALLENGE);
    }
  });

  it("refuses another user's devices, subscriptions and actions", async () => {
    await request(app())
      .post(`/api/2/devices/${bob.username}/bobs-phone.json`)
      .set('authorization', bob.basic)
      .send({ caption: 'Bob' });
    for (const path of [
      `/api/2/devices/${bob.username}.json`,
      `/api/2/subscriptions/${bob.username}/bobs-phone.json`,
      `/api/2/episodes/${bob.username}.json`,
      `/subscriptions/${bob.username}/bobs-phone.opml`,
      `/subscriptions/${bob.username}.json`,
      `/api/2/sync-devices/${bob.username}.json`,
    ]) {
      const res = await request(app()).get(path).set('authorization', ann.basic);
      expect(res.status).toBe(401);
    }
    const write = await request(app())
      .post(`/api/2/subscriptions/${bob.username}/bobs-phone.json`)
      .set('authorization', ann.basic)
      .send({ add: ['https://evil.example/feed'] });
    expect(write.status).toBe(401);
    const bobs = await request(app())
      .get(`/api/2/subscriptions/${bob.username}/bobs-phone.json`)
      .set('authorization', bob.basic);
    expect(bobs.body.add).toEqual([]);
    // Ann's own device list does not show Bob's device.
    const anns = await request(app())
      .get(`/api/2/devices/${ann.username}.json`)
      .set('authorization', ann.basic);
    expect(anns.body.map((d: { id: string }) => d.id)).not.toContain('bobs-phone');
  });

  it('sets a session cookie that works instead of Basic until logout', async () => {
    const login = await request(app())
      .post(`/api/2/auth/${ann.username}/login.json`)
      .set('authorization', ann.basic);
    expect(login.status).toBe(200);
    const cookie = sessionIdOf(login);
    const withCookie = (method: 'get' | 'post', path: string) =>
      request(app())[method](path).set('cookie', cookie);
    expect(login.headers['set-cookie']?.[0]).toMatch(/HttpOnly/i);
    const viaCookie = await withCookie('get', `/api/2/devices/${ann.username}.json`);
    expect(viaCookie.status).toBe(200);
    const check = await withCookie('post', `/api/2/auth/${ann.username}/login.json`);
    expect(check.status).toBe(200);
    expect(check.headers['set-cookie']).toBeUndefined();
    const otherUser = await withCookie('post', `/api/2/auth/${bob.username}/login.json`);
    expect(otherUser.status).toBe(400);
    // Elsewhere another user's cookie is refused like any credential: challenged.
    for (const path of [
      `/api/2/devices/${bob.username}.json`,
      `/api/2/episodes/${bob.username}.json`,
      `/subscriptions/${bob.username}.json`,
    ]) {
      const res = await withCookie('get', path);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(CHALLENGE);
    }
    const otherLogout = await withCookie('post', `/api/2/auth/${bob.username}/logout.json`);
    expect(otherLogout.status).toBe(400);
    const logout = await withCookie('post', `/api/2/auth/${ann.username}/logout.json`);
    expect(logout.status).toBe(200);
    const after = await withCookie('get', `/api/2/devices/${ann.username}.json`);
    expect(after.status).toBe(401);
    const bare = await request(app()).post(`/api/2/auth/${ann.username}/logout.json`);
    expect(bare.status).toBe(200);
  });

  it('hands every Basic sign-in a cookie: the same one while its session lives', async () => {
    const u = await suite.f.user('frank');
    const first = await request(app())
      .get('/api/2/devices/frank.json')
      .set('authorization', u.basic);
    const cookie = sessionIdOf(first);
    // A restarted client, a second app, a login.json: each gets the live session's cookie.
    const again = await request(app())
      .get('/api/2/devices/frank.json')
      .set('authorization', u.basic);
    expect(sessionIdOf(again)).toBe(cookie);
    const login = await request(app())
      .post('/api/2/auth/frank/login.json')
      .set('authorization', u.basic);
    expect(sessionIdOf(login)).toBe(cookie);
    // A client that rides on it is not handed it again, with or without Basic.
    const viaCookie = await request(app()).get('/api/2/devices/frank.json').set('cookie', cookie);
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.headers['set-cookie']).toBeUndefined();
    const both = await request(app())
      .get('/api/2/devices/frank.json')
      .set('authorization', u.basic)
      .set('cookie', cookie);
    expect(both.headers['set-cookie']).toBeUndefined();
    // Logged out, the cookie stays dead: the next sign-in gets a new one.
    await request(app()).post('/api/2/auth/frank/logout.json').set('cookie', cookie);
    const after = await request(app())
      .get('/api/2/devices/frank.json')
      .set('authorization', u.basic);
    expect(sessionIdOf(after)).not.toBe(cookie);
    expect(
      (await request(app()).get('/api/2/devices/frank.json').set('cookie', cookie)).status,
    ).toBe(401);
  });

  it('keeps one session per password however often a client signs in with Basic', async () => {
    const u = await suite.f.user('harry');
    const other = (
      await request(app())
        .post('/api/app/sync/app-passwords')
        .set('cookie', u.cookie)
        .send({ name: 'tablet' })
    ).body;
    const cookies = new Set<string>();
    for (let i = 0; i < 15; i += 1) {
      const res = await request(app())
        .get('/api/2/devices/harry.json')
        .set('authorization', i % 3 === 0 ? basicAuth('harry', other.password) : u.basic);
      expect(res.status).toBe(200);
      cookies.add(sessionIdOf(res));
    }
    expect(cookies.size).toBe(2);
    const stored = await suite.f.t.ctx.db
      .selectFrom('sync_sessions')
      .select('app_password_id')
      .where('user_id', '=', u.userId)
      .execute();
    expect(stored.map((r) => r.app_password_id).sort()).toEqual([u.passwordId, other.id].sort());
  });

  it('checks the one password a selector names, each of several, and one made before selectors', async () => {
    const u = await suite.f.user('gina');
    const more = await Promise.all(
      ['tablet', 'laptop'].map(
        async (name) =>
          (
            await request(app())
              .post('/api/app/sync/app-passwords')
              .set('cookie', u.cookie)
              .send({ name })
          ).body,
      ),
    );
    for (const password of [u.password, more[0].password as string]) {
      const res = await request(app())
        .get('/api/2/devices/gina.json')
        .set('authorization', basicAuth('gina', password));
      expect(res.status).toBe(200);
    }
    // Another password's selector with this one's secret is no password.
    const mixed = `${more[0].password.slice(0, 4)}${u.password.slice(4)}`;
    const refused = await request(app())
      .get('/api/2/devices/gina.json')
      .set('authorization', basicAuth('gina', mixed));
    expect(refused.status).toBe(401);
    // Never used yet, so no remembered sign-in: this goes through scrypt.
    await suite.f.t.ctx.db
      .updateTable('sync_app_passwords')
      .set({ selector: null })
      .where('id', '=', more[1].id)
      .execute();
    const legacy = await request(app())
      .get('/api/2/devices/gina.json')
      .set('authorization', basicAuth('gina', more[1].password));
    expect(legacy.status).toBe(200);
  });

  it('stops a revoked password at once, its sessions too', async () => {
    const u = await suite.f.user('erin');
    const login = await request(app())
      .post(`/api/2/auth/erin/login.json`)
      .set('authorization', u.basic);
    const cookie = sessionIdOf(login);
    expect(
      (await request(app()).get('/api/2/devices/erin.json').set('authorization', u.basic)).status,
    ).toBe(200);
    await request(app())
      .delete(`/api/app/sync/app-passwords/${u.passwordId}`)
      .set('cookie', u.cookie);
    expect(
      (await request(app()).get('/api/2/devices/erin.json').set('authorization', u.basic)).status,
    ).toBe(401);
    expect(
      (await request(app()).get('/api/2/devices/erin.json').set('cookie', cookie)).status,
    ).toBe(401);
  });
});

describe('behind a TLS-terminating proxy', () => {
  it('marks the sessionid cookie Secure in production, though requests arrive as plain HTTP', async () => {
    const u = await suite.f.user('ivan');
    const signedIn = await request(app())
      .get('/api/2/devices/ivan.json')
      .set('authorization', u.basic);
    const [cookie] = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []);
    expect(cookie).toMatch(/^sessionid=.*;\s*Secure/i);
    const logout = await request(app())
      .post('/api/2/auth/ivan/logout.json')
      .set('cookie', sessionIdOf(signedIn));
    const [cleared] = ([] as string[]).concat(logout.headers['set-cookie'] ?? []);
    expect(cleared).toMatch(/^sessionid=;.*;\s*Secure/i);
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY says so: failures count per connection', async () => {
    const u = await suite.f.user('judy');
    for (let i = 0; i < 5; i += 1) {
      const res = await request(app())
        .get('/api/2/devices/judy.json')
        .set('authorization', basicAuth('judy', `${u.password.slice(0, 4)}-wrong-${i}`))
        .set('x-forwarded-for', `203.0.113.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const rotated = await request(app())
      .get('/api/2/devices/judy.json')
      .set('authorization', basicAuth('judy', `${u.password.slice(0, 4)}-wrong-9`))
      .set('x-forwarded-for', '203.0.113.99');
    expect(rotated.status).toBe(429);
  });
});

describe('malformed sync input', () => {
  const post = (path: string, body: unknown) =>
    request(app())
      .post(path)
      .set('authorization', ann.basic)
      .send(body as object);

  it('refuses a malformed action batch whole, naming the action and field', async () => {
    const good = {
      podcast: 'https://p.example/f',
      episode: 'https://p.example/1.mp3',
      action: 'play',
      position: 10,
      timestamp: '2026-11-25T10:00:00',
    };
    const cases: [unknown, RegExp][] = [
      [[good, { ...good, action: 'skip' }], /^body/],
      [[good, { ...good, position: -1 }], /^body/],
      [[good, { ...good, action: 'download', position: 5 }], /^body/],
      [[good, { ...good, timestamp: 'yesterday' }], /^body/],
      [[good, { ...good, timestamp: '2026-13-45T99:00:00' }], /^body/],
      [[good, { ...good, timestamp: '2026-02-30T10:00:00' }], /^body/],
      [[good, { ...good, timestamp: '2025-02-29T10:00:00' }], /^body/],
      [[good, { ...good, timestamp: '2026-11-26T24:00:00' }], /^body/],
      [[good, { ...good, timestamp: '0000-01-01T00:00:00' }], /^body/],
      [[good, { ...good, podcast: undefined }], /^body/],
      [[good, { ...good, device: 'bad device id' }], /^body/],
      [[good, { ...good, started: 1, position: undefined }], /^body/],
      [[], /^body/],
      [{ actions: 'no' }, /^body/],
      [Array.from({ length: 5001 }, () => good), /^body/],
    ];
    const before = await request(app())
      .get(`/api/2/episodes/${ann.username}.json`)
      .set('authorization', ann.basic);
    for (const [body, detail] of cases) {
      const res = await post(`/api/2/episodes/${ann.username}.json`, body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const malformed = await request(app())
      .post(`/api/2/episodes/${ann.username}.json`)
      .set('authorization', ann.basic)
      .set('content-type', 'application/json')
      .send('[{"podcast": ');
    expect(malformed.status).toBe(400);
    const after = await request(app())
      .get(`/api/2/episodes/${ann.username}.json`)
      .set('authorization', ann.basic);
    expect(after.body.actions).toEqual(before.body.actions);
  });

  it('refuses bad device ids, device types, since values and subscription lists', async () => {
    const u = ann.username;
    expect((await post(`/api/2/devices/${u}/${'d'.repeat(101)}.json`, {})).status).toBe(400);
    expect((await post(`/api/2/devices/${u}/ok.json`, { type: 'toaster' })).status).toBe(400);
    expect((await post(`/api/2/devices/${u}/ok.json`, { caption: 'x'.repeat(256) })).status).toBe(
      400,
    );
    for (const since of ['-1', '0x10', '1e1', '%2B3', '%201', '1.0', '1&since=2']) {
      const badSince = await request(app())
        .get(`/api/2/subscriptions/${u}/ok.json?since=${since}`)
        .set('authorization', ann.basic);
      expect([since, badSince.status]).toEqual([since, 400]);
      expect(badSince.body.detail).toMatch(/^query\.since/);
    }
    expect((await post(`/api/2/subscriptions/${u}/ok.json`, { add: 'https://x' })).status).toBe(
      400,
    );
    expect(
      (await post(`/api/2/subscriptions/${u}/ok.json`, { add: ['x'.repeat(2049)] })).status,
    ).toBe(400);
    const badFormat = await request(app())
      .get(`/subscriptions/${u}.xml`)
      .set('authorization', ann.basic);
    expect(badFormat.status).toBe(400);
    const badSync = await post(`/api/2/sync-devices/${u}.json`, { synchronize: 'phone' });
    expect(badSync.status).toBe(400);
    expect(badSync.body.detail).toMatch(/^body\.synchronize/);
    const badSyncId = await post(`/api/2/sync-devices/${u}.json`, { 'stop-synchronize': ['a b'] });
    expect(badSyncId.status).toBe(400);
    const badAgg = await request(app())
      .get(`/api/2/episodes/${u}.json?aggregated=maybe`)
      .set('authorization', ann.basic);
    expect(badAgg.status).toBe(400);
  });

  it('keeps the device cap of 100 on every path that creates devices', async () => {
    const u = await suite.f.user('many-devices');
    for (let i = 0; i < 100; i += 1) {
      const res = await request(app())
        .post(`/api/2/devices/${u.username}/d${i}.json`)
        .set('authorization', u.basic)
        .send({});
      expect(res.status).toBe(200);
    }
    const viaDevice = await request(app())
      .post(`/api/2/devices/${u.username}/d100.json`)
      .set('authorization', u.basic)
      .send({});
    expect(viaDevice.status).toBe(409);
    const viaSubscriptions = await request(app())
      .get(`/api/2/subscriptions/${u.username}/d101.json`)
      .set('authorization', u.basic);
    expect(viaSubscriptions.status).toBe(409);
    const viaActions = await request(app())
      .post(`/api/2/episodes/${u.username}.json`)
      .set('authorization', u.basic)
      .send([
        {
          podcast: 'https://p.example/f',
          episode: 'https://p.example/2.mp3',
          action: 'download',
          device: 'd102',
        },
      ]);
    expect(viaActions.status).toBe(409);
    const known = await request(app())
      .post(`/api/2/devices/${u.username}/d5.json`)
      .set('authorization', u.basic)
      .send({ caption: 'still fine' });
    expect(known.status).toBe(200);
  });

  it('keeps the caps on synced feeds and stored actions, applying nothing past them', async () => {
    const u = await suite.f.user('capped');
    const path = `/api/2/subscriptions/${u.username}/phone.json`;
    const feeds = Array.from({ length: 5000 }, (_, i) => `https://cap.example/${i}.xml`);
    const full = await request(app()).post(path).set('authorization', u.basic).send({ add: feeds });
    expect(full.status).toBe(200);
    const over = await request(app())
      .post(path)
      .set('authorization', u.basic)
      .send({ add: ['https://cap.example/one-more.xml'] });
    expect(over.status).toBe(409);
    const list = await request(app())
      .get(`/subscriptions/${u.username}.json`)
      .set('authorization', u.basic);
    expect(JSON.parse(list.text)).toHaveLength(5000);
    const tooLong = await request(app())
      .put(`/subscriptions/${u.username}/phone.txt`)
      .set('authorization', u.basic)
      .set('content-type', 'text/plain')
      .send(Array.from({ length: 5001 }, (_, i) => `https://x.example/${i}`).join('\n'));
    expect(tooLong.status).toBe(400);

    // 99,999 stored actions (written straight to the table), then an upload of two.
    await sql`
      insert into sync_episode_actions
        (user_id, content_key, podcast, episode, action, action_at, stamp)
      select ${u.userId}, 'seed-' || n, 'https://cap.example/f', 'https://cap.example/' || n,
             'download', now(), 1
      from generate_series(1, 99999) as n
    `.execute(suite.f.t.ctx.db);
    const two = [1, 2].map((i) => ({
      podcast: 'https://cap.example/f',
      episode: `https://cap.example/new-${i}.mp3`,
      action: 'download',
    }));
    const refused = await request(app())
      .post(`/api/2/episodes/${u.username}.json`)
      .set('authorization', u.basic)
      .send(two);
    expect(refused.status).toBe(409);
    const one = await request(app())
      .post(`/api/2/episodes/${u.username}.json`)
      .set('authorization', u.basic)
      .send(two.slice(0, 1));
    expect(one.status).toBe(200);
  });
});
