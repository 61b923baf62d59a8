import { MCP_OAUTH_LIMITS, MCP_SCOPES, TooManyRequests } from '@podcast/contracts';
import { type McpClient, upsertMcpDocumentClient } from '@podcast/db';
import { clientIdUrlProblem } from './client-id-url.js';
import type { McpOAuthDeps } from './deps.js';
import { OAuthError } from './oauth-error.js';
import { storedMetadata } from './register-client.js';
import { unconsentedClientBounds } from './registration-limits.js';
import { scopeText } from './scopes.js';

/**
 * The scopes a document names that this server knows; all of them when it
 * names none. A document serves every server the client talks to, so
 * scopes meant for others are not an error here.
 */
function knownScopes(scope: string | undefined): string {
  const words = (scope ?? '').split(' ').filter((word) => word.length > 0);
  const known = scopeText(words);
  return known === '' ? scopeText(MCP_SCOPES) : known;
}

/**
 * The client an https `client_id` names (a client ID metadata document):
 * the URL checked, its document read (from the cache while its headers
 * allow), and the client stored under the URL, as a registration would
 * be, so consents, codes and tokens refer to it like to any other. The
 * document's fetches are counted against `requester`.
 */
export async function documentClient(
  deps: McpOAuthDeps,
  clientId: string,
  requester: string,
): Promise<McpClient> {
  const problem = clientIdUrlProblem(clientId);
  if (problem) {
    throw new OAuthError(400, 'invalid_client', `client_id: ${problem}`);
  }
  if (!deps.clientDocuments) {
    throw new OAuthError(400, 'invalid_client', 'client_id: no client is registered under this id');
  }
  const document = await deps.clientDocuments.get(clientId, requester);
  const now = deps.now();
  const client = {
    client_id: clientId,
    client_secret_hash: null,
    client_name: document.client_name,
    redirect_uris: [...new Set(document.redirect_uris)],
    token_endpoint_auth_method: 'none',
    scope: knownScopes(document.scope),
    metadata: { ...storedMetadata(document), client_id_metadata_document: true },
  };
  if (!(await upsertMcpDocumentClient(deps.db, client, unconsentedClientBounds(now), now))) {
    throw new TooManyRequests(
      MCP_OAUTH_LIMITS.consentSeconds,
      'this server holds as many clients awaiting consent as it keeps; retry later',
    );
  }
  return { ...client, created_at: now.toISOString() };
}
