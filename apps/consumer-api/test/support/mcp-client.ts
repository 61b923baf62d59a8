import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * An MCP client's OAuth state kept in memory, as a desktop client keeps it
 * on disk. `redirectToAuthorization` records the URL the client would open
 * in the user's browser; the test then plays the user.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;

  constructor(
    readonly redirectUrl: string,
    readonly clientMetadata: OAuthClientMetadata,
    /** A client ID metadata document's URL: the client then uses it as its client_id. */
    readonly clientMetadataUrl?: string,
  ) {}

  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * Plays the signed-in user on the consent page: opens the authorization
 * URL with the session cookie, posts the decision, and answers where the
 * browser is sent back to.
 */
export async function consentAs(
  cookie: string,
  authorizationUrl: URL,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const page = await fetch(authorizationUrl, { headers: { cookie }, redirect: 'manual' });
  if (page.status !== 200) {
    throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  }
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!requestId || !action) {
    throw new Error('no consent form on the page');
  }
  const answer = await fetch(new URL(action, authorizationUrl), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, decision }).toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) {
    throw new Error(`consent answered ${answer.status}: ${await answer.text()}`);
  }
  return new URL(location);
}

export interface LoopbackServer {
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/** Serves `app` on a loopback port: the SDK client needs a real URL, which supertest does not give. */
export async function listenOnLoopback(app: RequestListener): Promise<LoopbackServer> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      // A client left connected (an SSE stream) would otherwise hold close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An SDK transport to the MCP endpoint at `base`, with a bearer token (and more headers) or an OAuth provider. */
export function mcpTransport(
  base: string,
  auth: { token: string; headers?: Record<string, string> } | { provider: OAuthClientProvider },
): StreamableHTTPClientTransport {
  const url = new URL(`${base}/api/app/mcp`);
  return 'provider' in auth
    ? new StreamableHTTPClientTransport(url, { authProvider: auth.provider })
    : new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${auth.token}`, ...auth.headers } },
      });
}

/** An SDK client named `name`, connected to the endpoint at `base` with a bearer token. */
export async function connectWithToken(base: string, token: string, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(mcpTransport(base, { token }));
  return client;
}
