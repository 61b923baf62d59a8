import { type Database, type Listen, type User, upsertUserFromProvider } from '@podcast/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  type AuthConfig,
  type LoginSettings,
  type LoginSettingsResult,
  loginSettingsOf,
  type ProviderEndpoints,
} from './login-settings.js';
import type { RandomBytes } from './login-state.js';
import { discoverEndpoints, type ProviderCall } from './oauth-client.js';
import { createSessionCache, followRevocations, type SessionCache } from './session-cache.js';

/** The IO login and sessions use, handed in by the app's context builder. */
export interface AuthDeps {
  db: Kysely<Database>;
  fetch: typeof fetch;
  now: () => Date;
  random: RandomBytes;
  logger: Logger;
}

export interface AuthOptions {
  /** Limit on each call to the provider (discovery, token, userinfo). */
  providerTimeoutMs: number;
  /** How long a discovery document is reused. */
  discoveryTtlMs: number;
}

export const DEFAULT_AUTH_OPTIONS: AuthOptions = {
  providerTimeoutMs: 5000,
  discoveryTtlMs: 60 * 60 * 1000,
};

/** The development user of spec 01 rule 1. */
export const LOCAL_USER = { provider: 'local', subject: 'dev', name: 'Local user' } as const;

/**
 * What login and session lookups keep for the life of one app, built once at
 * start and carried by the app's context: the IO, the login settings derived
 * from the config, the discovery cache, the development user and the session
 * cache (the replay guard of login states lives in the database).
 */
export interface AuthRuntime {
  readonly deps: AuthDeps;
  readonly options: AuthOptions;
  readonly appEnv: 'development' | 'production';
  /** The login settings, or what is missing (login then answers 503). */
  readonly login: LoginSettingsResult;
  /** The session secret, also when the rest of login is not configured. */
  readonly sessionSecret: string | undefined;
  readonly sessions: SessionCache;
  /** How the provider is called (fetch and time limit). */
  readonly providerCall: ProviderCall;
  endpointsOf(settings: LoginSettings): Promise<ProviderEndpoints>;
  localUser(): Promise<User>;
}

function discoveryCache(deps: AuthDeps, options: AuthOptions, call: ProviderCall) {
  const discovered = new Map<string, { endpoints: Promise<ProviderEndpoints>; untilMs: number }>();
  return (settings: LoginSettings): Promise<ProviderEndpoints> => {
    if (settings.source.kind === 'explicit') {
      return Promise.resolve(settings.source.endpoints);
    }
    const { issuer } = settings.source;
    const nowMs = deps.now().getTime();
    const cached = discovered.get(issuer);
    if (cached && cached.untilMs > nowMs) {
      return cached.endpoints;
    }
    const endpoints = discoverEndpoints(issuer, call);
    discovered.set(issuer, { endpoints, untilMs: nowMs + options.discoveryTtlMs });
    // A failed discovery is not cached: the next login tries again.
    endpoints.catch(() => discovered.delete(issuer));
    return endpoints;
  };
}

function localUserOnce(deps: AuthDeps): () => Promise<User> {
  let localUser: Promise<User> | undefined;
  return () => {
    if (localUser !== undefined) {
      return localUser;
    }
    const pending = upsertUserFromProvider(deps.db, LOCAL_USER, deps.now());
    // A failed upsert is not kept: the next request tries again.
    pending.catch(() => {
      if (localUser === pending) {
        localUser = undefined;
      }
    });
    localUser = pending;
    return pending;
  };
}

export function createAuthRuntime(
  deps: AuthDeps,
  config: AuthConfig,
  options: Partial<AuthOptions> = {},
): AuthRuntime {
  const merged = { ...DEFAULT_AUTH_OPTIONS, ...options };
  const providerCall = { fetch: deps.fetch, timeoutMs: merged.providerTimeoutMs };
  return {
    deps,
    options: merged,
    appEnv: config.appEnv,
    login: loginSettingsOf(config),
    sessionSecret: config.session.secret,
    sessions: createSessionCache(),
    providerCall,
    endpointsOf: discoveryCache(deps, merged, providerCall),
    localUser: localUserOnce(deps),
  };
}

/**
 * Keeps the runtime's session cache in step with revocations heard on
 * `listen`; returns the function that stops listening (call it on shutdown).
 */
export function followSessionRevocations(auth: AuthRuntime, listen: Listen) {
  return followRevocations(listen, auth.sessions, auth.deps.logger);
}
