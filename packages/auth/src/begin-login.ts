import type { AuthRuntime } from './auth-runtime.js';
import type { LoginSettings } from './login-settings.js';
import { encodeLoginState, newLoginState, pkceChallenge } from './login-state.js';
import { authorizationUrl } from './oauth-client.js';

export interface LoginStart {
  /** The provider's authorize URL, for the 307. */
  location: string;
  /** The signed login-state cookie value. */
  stateCookie: string;
}

/** Starts the code flow: fresh state, nonce and PKCE verifier, kept in a signed cookie. */
export async function beginLogin(
  auth: AuthRuntime,
  settings: LoginSettings,
  returnTo?: string,
): Promise<LoginStart> {
  const endpoints = await auth.endpointsOf(settings);
  const login = newLoginState(auth.deps.random, auth.deps.now().getTime(), returnTo);
  const location = authorizationUrl(endpoints, settings, {
    state: login.state,
    nonce: login.nonce,
    challenge: pkceChallenge(login.verifier),
  });
  return { location, stateCookie: encodeLoginState(settings.secret, login) };
}
