import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';

/** The app itself, or the URL of a server listening with it (whose Host then stays the same). */
type App = Parameters<typeof request>[0];

export const REDIRECT = 'http://127.0.0.1:7777/callback';

/** The endpoint's tools in the one order `tools/list` answers, whatever the token's scopes. */
export const TOOLS_IN_ORDER = [
  'search_corpus',
  'episode_insights',
  'graph_related',
  'topic_people',
  'ask',
  'my_library',
  'my_highlights',
  'follow_show',
  'queue_episode',
  'save_highlight',
  'search',
  'fetch',
];

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Registers a public client with the given metadata over the defaults. */
export async function registerClient(
  app: App,
  metadata: Record<string, unknown> = {},
): Promise<{ client_id: string; client_secret?: string }> {
  const res = await request(app)
    .post('/api/app/mcp/oauth/register')
    .send({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...metadata });
  if (res.status !== 201) {
    throw new Error(`registration answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** The authorization query of a well-formed request, with overrides. */
export function authorizeQuery(
  clientId: string,
  challenge: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    ...extra,
  };
}

/** GET /api/app/mcp/oauth/authorize with `query`, as the cookie's user. */
export function requestAuthorization(app: App, cookie: string, query: Record<string, string>) {
  return request(app).get('/api/app/mcp/oauth/authorize').set('Cookie', cookie).query(query);
}

/** Opens the consent page as the cookie's user and answers the request id it carries. */
export async function openConsentPage(
  app: App,
  cookie: string,
  query: Record<string, string>,
): Promise<string> {
  const page = await requestAuthorization(app, cookie, query);
  const id = /name="request_id" value="([^"]+)"/.exec(page.text)?.[1];
  if (page.status !== 200 || !id) {
    throw new Error(`consent page answered ${page.status}: ${page.text}`);
  }
  return id;
}

/** Consents as the cookie's user and answers the code sent back to the client. */
export async function consentCode(
  app: App,
  cookie: string,
  query: Record<string, string>,
): Promise<string> {
  const requestId = await openConsentPage(app, cookie, query);
  const answer = await request(app)
    .post('/api/app/mcp/oauth/authorize')
    .set('Cookie', cookie)
    .type('form')
    .send({ request_id: requestId, decision: 'allow' });
  const code = new URL(answer.headers.location ?? 'http://x/').searchParams.get('code');
  if (answer.status !== 303 || !code) {
    throw new Error(`consent answered ${answer.status}: ${answer.text}`);
  }
  return code;
}

export function tokenRequest(app: App, form: Record<string, string>) {
  return request(app).post('/api/app/mcp/oauth/token').type('form').send(form);
}

/** A whole flow: register, consent, exchange; answers the client and its tokens. */
export async function connectedClient(
  app: App,
  cookie: string,
  extra: Record<string, string> = {},
): Promise<{ clientId: string; access: string; refresh: string }> {
  const { client_id: clientId } = await registerClient(app);
  const { verifier, challenge } = pkcePair();
  const code = await consentCode(app, cookie, authorizeQuery(clientId, challenge, extra));
  const res = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  if (res.status !== 200) {
    throw new Error(`token answered ${res.status}: ${res.text}`);
  }
  return { clientId, access: res.body.access_token, refresh: res.body.refresh_token };
}

export function mcpCall(app: App, token: string, body: unknown) {
  return request(app)
    .post('/api/app/mcp')
    .set('Authorization', `Bearer ${token}`)
    .set('Accept', 'application/json, text/event-stream')
    .send(body as object);
}
