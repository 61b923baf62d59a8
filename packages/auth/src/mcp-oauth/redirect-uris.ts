const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'about:', 'blob:']);

function parsed(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

/**
 * Why a redirect URI cannot be registered, or undefined when it can:
 * https anywhere, http only on loopback (RFC 8252 §7.3), or a native app's
 * private-use scheme (§7.1). No fragment, no credentials, no script scheme.
 */
export function redirectUriProblem(uri: string): string | undefined {
  const url = parsed(uri);
  if (!url) {
    return 'not an absolute URI';
  }
  if (uri.includes('#')) {
    return 'must not contain a fragment';
  }
  if (url.username !== '' || url.password !== '') {
    return 'must not carry credentials';
  }
  if (url.protocol === 'https:') {
    return undefined;
  }
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : 'http is allowed only on loopback (localhost, 127.0.0.1, [::1]); use https';
  }
  if (REFUSED_SCHEMES.has(url.protocol)) {
    return `the ${url.protocol} scheme is not allowed`;
  }
  return undefined;
}

/** Whether a redirect URI reaches only the device the browser runs on (http on loopback). */
export function isLoopbackRedirect(uri: string): boolean {
  const url = parsed(uri);
  return url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Exact string match against a registered URI, except that a loopback
 * redirect may use any port (RFC 8252 §7.3: native apps bind an ephemeral one).
 */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) {
    return true;
  }
  const url = parsed(given);
  if (url?.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) {
    return false;
  }
  return registered.some((entry) => {
    const known = parsed(entry);
    return (
      known?.protocol === 'http:' &&
      known.hostname === url.hostname &&
      known.pathname === url.pathname &&
      known.search === url.search &&
      url.username === '' &&
      url.password === '' &&
      url.hash === ''
    );
  });
}
