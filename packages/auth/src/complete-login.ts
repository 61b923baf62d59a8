import { DomainError } from '@podcast/contracts';
import { consumeLoginState, createSession, upsertUserFromProvider } from '@podcast/db';
import { safeEqual } from '@podcast/runtime';
import { isAllowedAccount } from './allowlist.js';
import type { AuthRuntime } from './auth-runtime.js';
import type { LoginSettings } from './login-settings.js';
import { decodeLoginState, type LoginState } from './login-state.js';
import { exchangeCode, fetchUserinfo } from './oauth-client.js';
import { ProviderFailure } from './provider-failure.js';
import {
  type AccountClaims,
  accountFromClaims,
  decodeJwtClaims,
  idTokenProblem,
} from './provider-profile.js';
import { sessionCookieValue } from './session-cookie.js';

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

const RESTART = 'start again at GET /api/app/auth/login';

/**
 * Spec 01 Errors: an invalid state is a 400. The state must match the signed,
 * unexpired cookie and may be used once; a copied cookie and state pair is
 * refused the second time even within its ten minutes, by every instance
 * (the used states are in the shared database).
 */
async function acceptState(
  auth: AuthRuntime,
  settings: LoginSettings,
  cookie: string | undefined,
  query: CallbackQuery,
): Promise<LoginState> {
  const nowMs = auth.deps.now().getTime();
  const login = decodeLoginState(settings.secret, cookie, nowMs);
  if (login === undefined) {
    throw new DomainError(
      'invalid',
      `sign-in state cookie is missing, expired or altered; ${RESTART}`,
    );
  }
  if (!query.state || !safeEqual(query.state, login.state)) {
    throw new DomainError('invalid', `state does not match this browser's sign-in; ${RESTART}`);
  }
  const { db, now } = auth.deps;
  const isFresh = await consumeLoginState(db, login.state, new Date(login.expiresAtMs), now());
  if (!isFresh) {
    throw new DomainError('invalid', `this sign-in state was already used; ${RESTART}`);
  }
  return login;
}

async function identify(
  auth: AuthRuntime,
  settings: LoginSettings,
  login: LoginState,
  code: string,
): Promise<AccountClaims> {
  const call = auth.providerCall;
  const endpoints = await auth.endpointsOf(settings);
  const tokens = await exchangeCode(endpoints, settings, { code, verifier: login.verifier }, call);
  let claims: Record<string, unknown> | undefined;
  if (endpoints.userinfoUrl !== null) {
    claims = await fetchUserinfo(endpoints.userinfoUrl, tokens.accessToken, call);
  } else {
    claims = tokens.idToken === null ? undefined : decodeJwtClaims(tokens.idToken);
    if (claims === undefined) {
      throw new ProviderFailure('no userinfo endpoint and no readable id_token');
    }
    const problem = idTokenProblem(claims, {
      clientId: settings.clientId,
      issuer: settings.issuer,
      nonce: login.nonce,
      nowMs: auth.deps.now().getTime(),
    });
    if (problem !== undefined) {
      throw new ProviderFailure(problem);
    }
  }
  const account = accountFromClaims(settings.providerName, claims);
  if (account === undefined) {
    throw new ProviderFailure('the account has no subject (sub) claim');
  }
  return account;
}

/**
 * Finishes the code flow (spec 01 rules 3 and 5): checks state, exchanges the
 * code, reads the account, applies the allowlist, then stores the user and a
 * new session. Returns the signed session cookie value.
 */
export async function completeLogin(
  auth: AuthRuntime,
  settings: LoginSettings,
  stateCookie: string | undefined,
  query: CallbackQuery,
): Promise<{ sessionCookie: string; returnTo: string }> {
  const login = await acceptState(auth, settings, stateCookie, query);
  if (query.error !== undefined) {
    const reason = query.error.replace(/[^\w.-]/g, '').slice(0, 64);
    throw new DomainError('invalid', `the provider did not sign you in (${reason}); ${RESTART}`);
  }
  if (!query.code) {
    throw new DomainError('invalid', `callback carries no code; ${RESTART}`);
  }
  const account = await identify(auth, settings, login, query.code);
  const allowed = isAllowedAccount(
    settings.allowlist,
    { email: account.profile.email ?? null, emailVerified: account.emailVerified },
    settings.appEnv,
  );
  if (!allowed) {
    throw new DomainError('forbidden', 'this account is not on the sign-in allowlist');
  }
  const { db, now, logger } = auth.deps;
  const at = now();
  const user = await upsertUserFromProvider(db, account.profile, at);
  const session = await createSession(db, user.id, settings.sessionTtlMs, at);
  logger.info({ user_id: user.id }, 'user signed in');
  return {
    sessionCookie: sessionCookieValue(settings.secret, session.id),
    returnTo: login.returnTo,
  };
}
