import { CONTROL_OR_BIDI, type McpScope } from '@podcast/contracts';
import type { PendingAuthorization } from './authorize.js';

const SCOPE_TEXT: Record<McpScope, string> = {
  'corpus:read': 'Search the podcast corpus and read insights, quotes, topics and people',
  'library:read':
    'Read your library: the shows you follow, and your highlights with the transcript quotes ' +
    'and moments you kept',
  sync:
    'Sync a podcast app: follow, leave and delete shows, and read and change your positions, ' +
    'played and favorite episodes',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A client's name as the page shows it: registration refuses bidirectional
 * formatting characters, and any stored before that rule are dropped here,
 * so a name cannot reorder the text around it.
 */
function displayName(name: string): string {
  return name.replace(new RegExp(CONTROL_OR_BIDI.source, 'gu'), '');
}

/**
 * The consent page: who asks, where the answer goes, what it may read. The
 * form posts the request id back to `action`; the id is bound to this user
 * and decided once, so a forged or replayed post decides nothing.
 */
export function consentPageHtml(
  pending: PendingAuthorization,
  requestId: string,
  action: string,
  userLabel: string,
): string {
  const name = displayName(pending.client.client_name ?? pending.client.client_id);
  const target = new URL(pending.redirectUri);
  const where = target.host === '' ? target.protocol : `${target.protocol}//${target.host}`;
  const scopes = pending.scopes.map((s) => `<li>${escapeHtml(SCOPE_TEXT[s])}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Connect ${escapeHtml(name)}</title></head>
<body>
<h1>Allow <bdi>${escapeHtml(name)}</bdi> to use your account?</h1>
<p>Signed in as ${escapeHtml(userLabel)}. The answer goes to ${escapeHtml(where)}.</p>
<p>It will be able to:</p><ul>${scopes}</ul>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="request_id" value="${escapeHtml(requestId)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
<p>You can disconnect it at any time from your connected apps.</p>
</body></html>
`;
}
