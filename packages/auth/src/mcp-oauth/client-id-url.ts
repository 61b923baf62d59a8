import { MCP_OAUTH_LIMITS } from '@podcast/contracts';

/**
 * Whether a `client_id` names a client ID metadata document rather than a
 * registration of ours: ours are `mcp_<hex>`, so anything starting with
 * `https://` is a document's URL (the draft's advice to keep the two apart).
 */
export function isClientIdUrl(clientId: string): boolean {
  return clientId.startsWith('https://');
}

/**
 * Why a client identifier URL is not one (draft-ietf-oauth-client-id-metadata-document
 * §3), or undefined when it is: https, a path other than `/`, no userinfo,
 * no `.` or `..` segments, no query, no fragment, at most 512 characters.
 * No backslash or control character either: the URL parser reads `\` as `/`
 * and drops tabs and line breaks, so either would hide a dot segment.
 * The query is a SHOULD NOT there; refusing it keeps one document per URL.
 */
export function clientIdUrlProblem(clientId: string): string | undefined {
  if (clientId.length > MCP_OAUTH_LIMITS.uriChars) {
    return `at most ${MCP_OAUTH_LIMITS.uriChars} characters`;
  }
  if (/[\\\p{Cc}]/u.test(clientId)) {
    return 'must not contain backslashes or control characters';
  }
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:') {
    return 'a client ID URL must use https';
  }
  if (url.username !== '' || url.password !== '') {
    return 'must not carry credentials';
  }
  if (clientId.includes('#') || clientId.includes('?')) {
    return 'must not have a query or a fragment';
  }
  // Checked on the text as sent: the URL parser would already have resolved the dots away.
  const afterScheme = clientId.slice('https://'.length);
  const slash = afterScheme.indexOf('/');
  const path = slash === -1 ? '' : afterScheme.slice(slash);
  if (path === '' || path === '/') {
    return 'must have a path (the document is not served at the root)';
  }
  if (path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) {
    return 'must not have . or .. path segments';
  }
  return undefined;
}
