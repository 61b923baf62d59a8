import { consumeLoginState, createSession, upsertUserFromProvider } from '@podcast/db';
import { HttpError, safeEqual } from '@podcast/http-kit';
import type { ConsumerCtx } from '../context.js';
import { isAllowedAccount } from './allowlist.js';
import { authRuntimeOf } from './auth-runtime.js';
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
  ctx: ConsumerCtx,
  settings: LoginSettings,
  cookie: string | undefined,
  query: CallbackQuery,
): Promise<LoginState> {
  const nowMs = ctx.now().getTime();
  const login = decodeLoginState(settings.secret, cookie, nowMs);
  if (login === undefined) {
    throw new HttpError(400, `sign-in state cookie is missing, expired or altered; ${RESTART}`);
  }
  if (!query.state || !safeEqual(query.state, login.state)) {
    throw new HttpError(400, `state does not match this browser's sign-in; ${RESTART}`);
  }
  const isFresh = await consumeLoginState(
    ctx.db,
    login.state,
    new Date(login.expiresAtMs),
    ctx.now(),
  );
  if (!isFresh) {
    throw new HttpError(400, `this sign-in state was already used; ${RESTART}`);
  }
  return login;
}

async function identify(
  ctx: ConsumerCtx,
  settings: LoginSettings,
  login: LoginState,
  code: string,
): Promise<AccountClaims> {
  const runtime = authRuntimeOf(ctx);
  const timeoutMs = runtime.options.providerTimeoutMs;
  const endpoints = await runtime.endpointsOf(settings);
  const tokens = await exchangeCode(
    endpoints,
    settings,
    { code, verifier: login.verifier },
    timeoutMs,
  );
  let claims: Record<string, unknown> | undefined;
  if (endpoints.userinfoUrl !== null) {
    claims = await fetchUserinfo(endpoints.userinfoUrl, tokens.accessToken, timeoutMs);
  } else {
    claims = tokens.idToken === null ? undefined : decodeJwtClaims(tokens.idToken);
    if (claims === undefined) {
      throw new ProviderFailure('no userinfo endpoint and no readable id_token');
    }
    const problem = idTokenProblem(claims, {
      clientId: settings.clientId,
      issuer: settings.issuer,
      nonce: login.nonce,
      nowMs: ctx.now().getTime(),
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
  ctx: ConsumerCtx,
  settings: LoginSettings,
  stateCookie: string | undefined,
  query: CallbackQuery,
): Promise<string> {
  const login = await acceptState(ctx, settings, stateCookie, query);
  if (query.error !== undefined) {
    const reason = query.error.replace(/[^\w.-]/g, '').slice(0, 64);
    throw new HttpError(400, `the provider did not sign you in (${reason}); ${RESTART}`);
  }
  if (!query.code) {
    throw new HttpError(400, `callback carries no code; ${RESTART}`);
  }
  const account = await identify(ctx, settings, login, query.code);
  const allowed = isAllowedAccount(
    settings.allowlist,
    { email: account.profile.email ?? null, emailVerified: account.emailVerified },
    settings.appEnv,
  );
  if (!allowed) {
    throw new HttpError(403, 'this account is not on the sign-in allowlist');
  }
  const now = ctx.now();
  const user = await upsertUserFromProvider(ctx.db, account.profile, now);
  const session = await createSession(ctx.db, user.id, settings.sessionTtlMs, now);
  ctx.logger.info({ user_id: user.id }, 'user signed in');
  return sessionCookieValue(settings.secret, session.id);
}
