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

/** An SDK client named `name`, connected to the endpoint under `base` with an access token. */
export async function bearerClient(base: string, access: string, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/api/app/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access}` } },
    }),
  );
  return client;
}
