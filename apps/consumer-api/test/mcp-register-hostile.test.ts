import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MCP_OAUTH_LIMITS } from '@podcast/contracts';
import { sql } from 'kysely';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import {
  authorizeQuery,
  connectedClient,
  openConsentPage,
  pkcePair,
  REDIRECT,
  requestAuthorization,
} from './support/mcp-oauth-flow.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * Open registration against a caller who registers as fast as it can: a
 * budget per address, bounded redirect URIs stored once, abandoned clients
 * pruned within minutes, and a cap on clients nobody consented to that
 * holds when registrations race.
 */

const LIMITS = MCP_OAUTH_LIMITS;

let t: TestApp;
let cookie = '';
let userId = '';
// Only ever moves forward: each test starts with a refilled budget by moving it an hour on.
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await buildProductionTestApp('an-mcp-register-test-secret-of-32-chars', {
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  const session = await sessionCookieFor(t.ctx, 'register-user', { ttlMs: 30 * 86_400_000 });
  cookie = session.cookie;
  userId = session.user.id;
});

afterAll(async () => {
  await t.close();
});

function advance(ms: number) {
  clockOffsetMs += ms;
}

function register(body: Record<string, unknown> = {}) {
  return request(t.app)
    .post('/api/app/mcp/oauth/register')
    .send({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...body });
}

async function countClients(where: 'all' | 'unconsented'): Promise<number> {
  const filter = where === 'all' ? sql`true` : sql`consented_at is null`;
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from mcp_oauth_clients where ${filter}`.execute(t.ctx.db);
  return Number(rows[0]?.n);
}

/** Whether the authorization endpoint still knows `clientId`. */
async function isKnown(clientId: string): Promise<boolean> {
  const res = await requestAuthorization(
    t.app,
    cookie,
    authorizeQuery(clientId, pkcePair().challenge),
  );
  return res.status === 200;
}

/** `n` unconsented clients made `ageMs` ago, straight into the table: what a flood leaves. */
async function fillWithUnconsented(n: number, ageMs: number, prefix: string) {
  const at = new Date(Date.now() + clockOffsetMs - ageMs);
  await sql`
    insert into mcp_oauth_clients
      (client_id, client_name, redirect_uris, token_endpoint_auth_method, scope, metadata, created_at)
    select ${prefix} || lpad(i::text, 5, '0'), 'flood', ${JSON.stringify([REDIRECT])}::jsonb,
      'none', 'corpus:read', '{}'::jsonb, ${at}::timestamptz + i * interval '1 millisecond'
    from generate_series(1, ${n}) as i
  `.execute(t.ctx.db);
}

describe('the budget of one address', () => {
  it('refuses the reproduction: ten redirect URIs of 1,500 characters', async () => {
    const long = `https://app.example/${'a'.repeat(1480)}`;
    const res = await register({
      redirect_uris: Array.from({ length: 10 }, (_, i) => `${long}${i}`),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_redirect_uri');
    expect(res.body.error_description).toContain('redirect_uris');
  });

  const SITE = 'https://app.example/';
  it.each([
    [
      `${LIMITS.redirectUris + 1} redirect URIs`,
      Array.from({ length: LIMITS.redirectUris + 1 }, (_, i) => `${REDIRECT}${i}`),
    ],
    [
      `a redirect URI of ${LIMITS.uriChars + 1} characters`,
      [`${SITE}${'a'.repeat(LIMITS.uriChars + 1 - SITE.length)}`],
    ],
  ])('refuses %s, naming redirect_uris', async (_what, uris) => {
    const res = await register({ redirect_uris: uris });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_redirect_uri');
    expect(res.body.error_description).toContain('redirect_uris');
  });

  it(`answers 429 with Retry-After past ${LIMITS.registrationsPerAddress} registrations, then refills`, async () => {
    advance(3600_000);
    const answers = [];
    for (let i = 0; i < LIMITS.registrationsPerAddress + 1; i += 1) {
      answers.push(await register());
    }
    expect(answers.slice(0, -1).every((res) => res.status === 201)).toBe(true);
    const refused = answers.at(-1);
    expect(refused?.status).toBe(429);
    expect(refused?.headers['content-type']).toMatch(/application\/problem\+json/);
    const wait = Number(refused?.headers['retry-after']);
    const perUnitS = LIMITS.registrationWindowSeconds / LIMITS.registrationsPerAddress;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(perUnitS);
    expect(refused?.body.detail).toContain('registrations per hour');
    const before = await countClients('all');
    expect((await register()).status).toBe(429);
    expect(await countClients('all')).toBe(before);
    advance(wait * 1000);
    expect((await register()).status).toBe(201);
  });

  it('spends nothing on a registration it refuses', async () => {
    advance(3600_000);
    for (let i = 0; i < LIMITS.registrationsPerAddress + 5; i += 1) {
      expect((await register({ redirect_uris: ['http://evil.example/cb'] })).status).toBe(400);
    }
    expect((await register()).status).toBe(201);
  });
});

describe('what a registration stores', () => {
  it('stores the redirect URIs once, in their column', async () => {
    advance(3600_000);
    const uri = `https://app.example/${'b'.repeat(400)}`;
    const res = await register({
      redirect_uris: [uri],
      client_name: 'Once',
      logo_uri: 'https://app.example/l.png',
    });
    expect(res.status).toBe(201);
    expect(res.body.redirect_uris).toEqual([uri]);
    const row = await t.ctx.db
      .selectFrom('mcp_oauth_clients')
      .select(['redirect_uris', 'metadata', 'client_name'])
      .where('client_id', '=', res.body.client_id)
      .executeTakeFirstOrThrow();
    expect(row.redirect_uris).toEqual([uri]);
    expect(row.client_name).toBe('Once');
    expect(JSON.stringify(row.metadata)).not.toContain('bbbb');
    expect(row.metadata).toMatchObject({ logo_uri: 'https://app.example/l.png' });
    expect(row.metadata).not.toHaveProperty('client_name');
  });
});

describe('clients nobody consented to', () => {
  it(`are deleted after ${LIMITS.unconsentedClientSeconds / 60} minutes; connected ones and open consents stay`, async () => {
    advance(3600_000);
    const abandoned = (await register()).body.client_id as string;
    const connected = await connectedClient(t.app, cookie);
    const deciding = (await register()).body.client_id as string;
    advance(LIMITS.unconsentedClientSeconds * 1000 - 60_000);
    // The user opens the consent page a minute before the client would go stale.
    const requestId = await openConsentPage(
      t.app,
      cookie,
      authorizeQuery(deciding, pkcePair().challenge),
    );
    advance(2 * 60_000);
    expect((await register()).status).toBe(201);

    expect(await isKnown(abandoned)).toBe(false);
    expect(await isKnown(connected.clientId)).toBe(true);
    const decided = await request(t.app)
      .post('/api/app/mcp/oauth/authorize')
      .set('Cookie', cookie)
      .type('form')
      .send({ request_id: requestId, decision: 'allow' });
    expect(decided.status).toBe(303);
    expect(new URL(decided.headers.location as string).searchParams.get('code')).toBeTruthy();
  });

  it(`hold at ${LIMITS.unconsentedClients} when twenty registrations race, the oldest idle ones evicted`, async () => {
    advance(3600_000);
    await sql`delete from mcp_oauth_clients where consented_at is null`.execute(t.ctx.db);
    await fillWithUnconsented(LIMITS.unconsentedClients, 60_000, 'mcp_race_');
    expect(await countClients('unconsented')).toBe(LIMITS.unconsentedClients);
    const consentedBefore = (await countClients('all')) - LIMITS.unconsentedClients;

    const answers = await Promise.all(Array.from({ length: 20 }, () => register()));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(201));
    expect(await countClients('unconsented')).toBe(LIMITS.unconsentedClients);
    expect((await countClients('all')) - consentedBefore).toBe(LIMITS.unconsentedClients);
    const oldest = await t.ctx.db
      .selectFrom('mcp_oauth_clients')
      .select('client_id')
      .where('client_id', 'in', ['mcp_race_00001', 'mcp_race_00020', 'mcp_race_00021'])
      .execute();
    expect(oldest.map((row) => row.client_id)).toEqual(['mcp_race_00021']);
    for (const res of answers) {
      expect(await isKnown(res.body.client_id)).toBe(true);
    }
  });

  it('refuses with 429 when every one of them has a consent page open', async () => {
    advance(3600_000);
    await sql`delete from mcp_oauth_clients where consented_at is null`.execute(t.ctx.db);
    await fillWithUnconsented(LIMITS.unconsentedClients, 0, 'mcp_open_');
    const expires = new Date(Date.now() + clockOffsetMs + 600_000);
    await sql`
      insert into mcp_oauth_requests
        (id, user_id, client_id, redirect_uri, code_challenge, scope, resource, expires_at)
      select 'req_' || client_id, ${userId}, client_id, ${REDIRECT}, ${'x'.repeat(43)},
        'corpus:read', 'https://podcast.example/api/app/mcp', ${expires}
      from mcp_oauth_clients where client_id like 'mcp_open_%'
    `.execute(t.ctx.db);
    const res = await register();
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.detail).toContain('awaiting consent');
    expect(await countClients('unconsented')).toBe(LIMITS.unconsentedClients);
  });
});

describe('client names', () => {
  it.each(['202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'])(
    'refuses a name holding U+%s as invalid_client_metadata naming client_name',
    async (hex) => {
      advance(3600_000);
      const char = String.fromCodePoint(Number.parseInt(hex, 16));
      const res = await register({ client_name: `Safe Agent${char}elpmaxe.live` });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.error).toBe('invalid_client_metadata');
      expect(res.body.error_description).toContain('client_name');
    },
  );

  it('still takes a name written right to left', async () => {
    const res = await register({ client_name: 'סוכן מחקר' });
    expect(res.status).toBe(201);
    expect(res.body.client_name).toBe('סוכן מחקר');
  });
});
