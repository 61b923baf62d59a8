import type { PendingLoginFlow } from '@podcast/db';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

/**
 * The page a podcast app's Nextcloud sign-in opens: who asks, since when,
 * for which account. The form posts back to `action` (the same URL): the
 * flow is granted to the session that posts, once, so a forged post can
 * only grant a flow to its own sender.
 */
export function loginFlowPageHtml(
  flow: PendingLoginFlow,
  action: string,
  userLabel: string,
): string {
  const asked = flow.createdAt.toISOString().slice(0, 16).replace('T', ' ');
  return page(
    'Connect a podcast app?',
    `<p><strong>${escapeHtml(flow.clientName)}</strong> asked at ${asked} UTC to sync with your
account (${escapeHtml(userLabel)}): your subscriptions and where you are in each episode.</p>
<p>Only allow it if you just started the sign-in in that app. It gets an app password of its own,
which you can revoke at any time.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

/** What the page says after the user's answer. */
export function loginFlowDecidedHtml(decision: 'allow' | 'deny'): string {
  return decision === 'allow'
    ? page('Connected', '<p>Go back to your podcast app: it signs in by itself.</p>')
    : page('Not connected', '<p>The podcast app was refused. You can close this page.</p>');
}
