import { CONTROL_OR_BIDI, type McpScope } from '@podcast/contracts';
import type { PendingAuthorization } from './authorize.js';
import { isClientIdUrl } from './client-id-url.js';
import { isLoopbackRedirect } from './redirect-uris.js';

const SCOPE_TEXT: Record<McpScope, string> = {
  'corpus:read': 'Search the podcast corpus and read insights, quotes, topics and people',
  'library:read':
    'Read your library: the shows you follow, and your highlights with the transcript quotes ' +
    'and moments you kept',
  'library:write': 'Follow shows and add episodes to your queue for you',
  'capture:write': 'Save highlights of transcript quotes for you',
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

/** `scheme://host` of a URI, or its scheme alone (a native app's private-use scheme). */
function hostOf(uri: string): string {
  const url = new URL(uri);
  return url.host === '' ? url.protocol : `${url.protocol}//${url.host}`;
}

/**
 * What the page says of the client beyond its name: the site whose document
 * vouches for it, and a warning when every redirect it has is on this
 * device, where any local program could claim its name (the MCP
 * authorization spec's localhost impersonation).
 */
function clientNotes(pending: PendingAuthorization): string {
  const notes: string[] = [];
  const { client } = pending;
  if (isClientIdUrl(client.client_id)) {
    notes.push(
      `<p>Identified by its client document at <strong>${escapeHtml(new URL(client.client_id).host)}</strong>.</p>`,
    );
  }
  if (client.redirect_uris.every(isLoopbackRedirect)) {
    notes.push(
      '<p role="alert"><strong>Check before you allow:</strong> this app receives the answer ' +
        'only on this device (localhost), so any program running here could ask in its name. ' +
        'Allow only if you started connecting it yourself just now.</p>',
    );
  }
  return notes.join('\n');
}

/**
 * The consent page: who asks, where the answer goes, what it may do. The
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
  const where = hostOf(pending.redirectUri);
  const scopes = pending.scopes.map((s) => `<li>${escapeHtml(SCOPE_TEXT[s])}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Connect ${escapeHtml(name)}</title></head>
<body>
<h1>Allow <bdi>${escapeHtml(name)}</bdi> to use your account?</h1>
<p>Signed in as ${escapeHtml(userLabel)}. The answer goes to <strong>${escapeHtml(where)}</strong>.</p>
${clientNotes(pending)}
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
