import type { LoginSettings, ProviderEndpoints, TokenAuthMethod } from './login-settings.js';
import { ProviderFailure } from './provider-failure.js';

/** How the provider is called: the fetch to use and the limit on each call. */
export interface ProviderCall {
  fetch: typeof fetch;
  timeoutMs: number;
}

/** The token endpoint's answer (RFC 6749 §5.1), the parts we use. */
export interface TokenSet {
  accessToken: string;
  idToken: string | null;
}

async function callProvider(
  step: string,
  url: string,
  init: RequestInit,
  { fetch, timeoutMs }: ProviderCall,
): Promise<Record<string, unknown>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    const isTimeout = (err as Error).name === 'TimeoutError';
    throw new ProviderFailure(
      `${step} ${isTimeout ? `timed out after ${timeoutMs} ms` : 'unreachable'}`,
    );
  }
  if (!response.ok) {
    throw new ProviderFailure(`${step} answered ${response.status}`);
  }
  const body = parseObject(text);
  if (body === undefined) {
    throw new ProviderFailure(`${step} did not answer a JSON object`);
  }
  return body;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const asUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && URL.canParse(value) ? value : undefined;

/** Reads `{issuer}/.well-known/openid-configuration` (OIDC Discovery 1.0 §4). */
export async function discoverEndpoints(
  issuer: string,
  call: ProviderCall,
): Promise<ProviderEndpoints> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const doc = await callProvider(
    'discovery',
    url,
    { headers: { accept: 'application/json' } },
    call,
  );
  const authorizeUrl = asUrl(doc.authorization_endpoint);
  const tokenUrl = asUrl(doc.token_endpoint);
  if (!authorizeUrl || !tokenUrl) {
    throw new ProviderFailure('discovery document lacks authorization_endpoint or token_endpoint');
  }
  const methods = Array.isArray(doc.token_endpoint_auth_methods_supported)
    ? doc.token_endpoint_auth_methods_supported
    : [];
  // OIDC Discovery: an absent list means client_secret_basic.
  const tokenAuthMethod: TokenAuthMethod = methods.includes('client_secret_post')
    ? 'client_secret_post'
    : 'client_secret_basic';
  return {
    authorizeUrl,
    tokenUrl,
    userinfoUrl: asUrl(doc.userinfo_endpoint) ?? null,
    tokenAuthMethod,
  };
}

/** The provider URL the browser is sent to (RFC 6749 §4.1.1 with RFC 7636 PKCE). */
export function authorizationUrl(
  endpoints: ProviderEndpoints,
  settings: LoginSettings,
  login: { state: string; nonce: string; challenge: string },
): string {
  const url = new URL(endpoints.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', settings.redirectUrl);
  url.searchParams.set('scope', settings.scopes);
  url.searchParams.set('state', login.state);
  url.searchParams.set('nonce', login.nonce);
  url.searchParams.set('code_challenge', login.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

function basicCredentials(clientId: string, clientSecret: string): string {
  // RFC 6749 §2.3.1: both parts are form-encoded before base64.
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64');
}

/** Exchanges the authorization code (RFC 6749 §4.1.3) with the PKCE verifier. */
export async function exchangeCode(
  endpoints: ProviderEndpoints,
  settings: LoginSettings,
  grant: { code: string; verifier: string },
  call: ProviderCall,
): Promise<TokenSet> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: settings.redirectUrl,
    code_verifier: grant.verifier,
    client_id: settings.clientId,
  });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (endpoints.tokenAuthMethod === 'client_secret_post') {
    form.set('client_secret', settings.clientSecret);
  } else {
    headers.authorization = `Basic ${basicCredentials(settings.clientId, settings.clientSecret)}`;
  }
  const body = await callProvider(
    'token endpoint',
    endpoints.tokenUrl,
    { method: 'POST', headers, body: form },
    call,
  );
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ProviderFailure('token endpoint answered without an access_token');
  }
  return {
    accessToken: body.access_token,
    idToken: typeof body.id_token === 'string' ? body.id_token : null,
  };
}

/** The signed-in account's claims from the userinfo endpoint (OIDC Core §5.3). */
export function fetchUserinfo(
  userinfoUrl: string,
  accessToken: string,
  call: ProviderCall,
): Promise<Record<string, unknown>> {
  const headers = { accept: 'application/json', authorization: `Bearer ${accessToken}` };
  return callProvider('userinfo endpoint', userinfoUrl, { headers }, call);
}
