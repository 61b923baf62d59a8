import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who the fake provider signs in next. */
export interface FakeAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** An account whose provider vouches for its address (`email_verified`), named when `name` is given. */
export function verifiedAccount(sub: string, email: string, name?: string): FakeAccount {
  return name === undefined
    ? { sub, email, email_verified: true }
    : { sub, email, email_verified: true, name };
}

export type TokenAuthMethod = 'client_secret_post' | 'client_secret_basic';

export interface FakeProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Client authentication the token endpoint accepts (and discovery advertises). */
  authMethods?: TokenAuthMethod[];
  /** Serve (and advertise) a userinfo endpoint; default true. */
  hasUserinfo?: boolean;
}

/**
 * A small OAuth 2.0 / OIDC provider on 127.0.0.1 speaking the real protocol:
 * discovery, authorize (redirects back with a code), token (client
 * authentication, one-time codes, PKCE S256 check) and userinfo.
 */
export interface FakeOAuthProvider {
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  account: FakeAccount;
  /** ok, fail (answer 500) or slow (answer after slowMs). */
  tokenMode: 'ok' | 'fail' | 'slow';
  slowMs: number;
  discoveryRequests: number;
  /** The client authentication method of each token request, in order. */
  tokenAuthSeen: TokenAuthMethod[];
  close(): Promise<void>;
}

/**
 * The consumer's sign-in variables for `client` at the fake `provider`, its
 * endpoints named one by one (no discovery); `redirectUrl` is our callback.
 */
export function explicitProviderEnv(
  provider: FakeOAuthProvider,
  client: { clientId: string; clientSecret: string },
  redirectUrl: string,
): Record<string, string> {
  return {
    OAUTH_CLIENT_ID: client.clientId,
    OAUTH_CLIENT_SECRET: client.clientSecret,
    OAUTH_AUTHORIZE_URL: provider.authorizeUrl,
    OAUTH_TOKEN_URL: provider.tokenUrl,
    OAUTH_USERINFO_URL: provider.userinfoUrl,
    OAUTH_REDIRECT_URL: redirectUrl,
  };
}

interface IssuedCode {
  challenge: string;
  redirectUri: string;
  nonce: string | null;
  account: FakeAccount;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function unsignedJwt(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

export async function startFakeOAuthProvider(
  options: FakeProviderOptions,
): Promise<FakeOAuthProvider> {
  const authMethods = options.authMethods ?? ['client_secret_post', 'client_secret_basic'];
  const hasUserinfo = options.hasUserinfo ?? true;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, FakeAccount>();
  // Slow answers wait on these; close() cancels them so no timer outlives the test.
  const stalls = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: FakeOAuthProvider = {
    issuer,
    authorizeUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/userinfo`,
    account: { sub: 'user-1', email: 'ann@example.com', email_verified: true, name: 'Ann' },
    tokenMode: 'ok',
    slowMs: 2000,
    discoveryRequests: 0,
    tokenAuthSeen: [],
    close: () =>
      new Promise<void>((done) => {
        for (const timer of stalls) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => done());
      }),
  };

  function discovery(res: ServerResponse) {
    provider.discoveryRequests++;
    send(res, 200, {
      issuer,
      authorization_endpoint: provider.authorizeUrl,
      token_endpoint: provider.tokenUrl,
      ...(hasUserinfo ? { userinfo_endpoint: provider.userinfoUrl } : {}),
      token_endpoint_auth_methods_supported: authMethods,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    const challenge = q.get('code_challenge');
    if (
      q.get('response_type') !== 'code' ||
      q.get('client_id') !== options.clientId ||
      !redirectUri ||
      !challenge ||
      q.get('code_challenge_method') !== 'S256'
    ) {
      send(res, 400, { error: 'invalid_request' });
      return;
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      challenge,
      redirectUri,
      nonce: q.get('nonce'),
      account: { ...provider.account },
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function clientOf(req: IncomingMessage, form: URLSearchParams) {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      return {
        method: 'client_secret_basic' as const,
        id: decodeURIComponent(id ?? ''),
        secret: decodeURIComponent(secret ?? ''),
      };
    }
    return {
      method: 'client_secret_post' as const,
      id: form.get('client_id'),
      secret: form.get('client_secret'),
    };
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (provider.tokenMode === 'fail') {
      send(res, 500, { error: 'server_error' });
      return;
    }
    if (provider.tokenMode === 'slow') {
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          stalls.delete(timer);
          done();
        }, provider.slowMs);
        stalls.add(timer);
      });
    }
    const client = clientOf(req, form);
    provider.tokenAuthSeen.push(client.method);
    if (
      !authMethods.includes(client.method) ||
      client.id !== options.clientId ||
      client.secret !== options.clientSecret
    ) {
      send(res, 401, { error: 'invalid_client' });
      return;
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code);
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !issued ||
      issued.redirectUri !== form.get('redirect_uri') ||
      issued.challenge !== challenge
    ) {
      send(res, 400, { error: 'invalid_grant' });
      return;
    }
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, issued.account);
    const idToken = unsignedJwt({
      iss: issuer,
      aud: options.clientId,
      exp: Math.floor(Date.now() / 1000) + 300,
      iat: Math.floor(Date.now() / 1000),
      ...(issued.nonce ? { nonce: issued.nonce } : {}),
      ...issued.account,
    });
    send(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: idToken,
    });
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const account = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (!hasUserinfo || account === undefined) {
      send(res, 401, { error: 'invalid_token' });
      return;
    }
    send(res, 200, account);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /.well-known/openid-configuration') {
      discovery(res);
    } else if (route === 'GET /authorize') {
      authorize(url, res);
    } else if (route === 'POST /token') {
      await token(req, res);
    } else if (route === 'GET /userinfo') {
      userinfo(req, res);
    } else {
      send(res, 404, { error: 'not_found' });
    }
  }

  return provider;
}
