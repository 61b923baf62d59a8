import { type User, upsertUserFromProvider } from '@podcast/db';
import type { ConsumerCtx } from '../context.js';
import type { LoginSettings, ProviderEndpoints } from './login-settings.js';
import { discoverEndpoints } from './oauth-client.js';

export interface AuthOptions {
  /** Limit on each call to the provider (discovery, token, userinfo). */
  providerTimeoutMs: number;
  /** How long a discovery document is reused. */
  discoveryTtlMs: number;
}

const DEFAULT_OPTIONS: AuthOptions = {
  providerTimeoutMs: 5000,
  discoveryTtlMs: 60 * 60 * 1000,
};

/** The development user of spec 01 rule 1. */
export const LOCAL_USER = { provider: 'local', subject: 'dev', name: 'Local user' } as const;

/** State the auth routes keep for the life of one app: caches (the replay guard lives in the database). */
export interface AuthRuntime {
  readonly options: AuthOptions;
  endpointsOf(settings: LoginSettings): Promise<ProviderEndpoints>;
  localUser(): Promise<User>;
}

function createAuthRuntime(ctx: ConsumerCtx, options: AuthOptions): AuthRuntime {
  const discovered = new Map<string, { endpoints: Promise<ProviderEndpoints>; untilMs: number }>();
  let localUser: Promise<User> | undefined;
  return {
    options,
    endpointsOf(settings) {
      if (settings.source.kind === 'explicit') {
        return Promise.resolve(settings.source.endpoints);
      }
      const { issuer } = settings.source;
      const nowMs = ctx.now().getTime();
      const cached = discovered.get(issuer);
      if (cached && cached.untilMs > nowMs) {
        return cached.endpoints;
      }
      const endpoints = discoverEndpoints(issuer, options.providerTimeoutMs);
      discovered.set(issuer, { endpoints, untilMs: nowMs + options.discoveryTtlMs });
      // A failed discovery is not cached: the next login tries again.
      endpoints.catch(() => discovered.delete(issuer));
      return endpoints;
    },
    localUser() {
      if (localUser === undefined) {
        const pending = upsertUserFromProvider(ctx.db, LOCAL_USER, ctx.now());
        // A failed upsert is not kept: the next request tries again.
        pending.catch(() => {
          if (localUser === pending) {
            localUser = undefined;
          }
        });
        localUser = pending;
      }
      return localUser;
    },
  };
}

// Keyed by the context object so each app (and each test app) has its own,
// without widening ConsumerCtx for state only the auth routes use.
const runtimes = new WeakMap<ConsumerCtx, AuthRuntime>();

/** Overrides defaults (tests shorten the provider timeout); call before the first request. */
export function configureAuth(ctx: ConsumerCtx, options: Partial<AuthOptions>): void {
  runtimes.set(ctx, createAuthRuntime(ctx, { ...DEFAULT_OPTIONS, ...options }));
}

export function authRuntimeOf(ctx: ConsumerCtx): AuthRuntime {
  let runtime = runtimes.get(ctx);
  if (runtime === undefined) {
    runtime = createAuthRuntime(ctx, DEFAULT_OPTIONS);
    runtimes.set(ctx, runtime);
  }
  return runtime;
}
