import { DomainError } from '@podcast/contracts';

export type TokenAuthMethod = 'client_secret_post' | 'client_secret_basic';

/** Where the provider lives, whether configured directly or discovered. */
export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** Null: identity comes from the id_token's claims instead. */
  userinfoUrl: string | null;
  tokenAuthMethod: TokenAuthMethod;
}

export type ProviderSource =
  | { kind: 'discovery'; issuer: string }
  | { kind: 'explicit'; endpoints: ProviderEndpoints };

/** Everything login needs, present only when every required variable is set. */
export interface LoginSettings {
  secret: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  scopes: string;
  allowlist: readonly string[];
  appEnv: 'development' | 'production';
  sessionTtlMs: number;
  /** Cookies carry `Secure` in production. */
  isSecure: boolean;
  /** Stored with each user as `provider`: the issuer, else the authorize URL's origin. */
  providerName: string;
  issuer: string | null;
  source: ProviderSource;
}

/** The parts of an app's parsed configuration that login reads (consumer-api's env.ts). */
export interface AuthConfig {
  appEnv: 'development' | 'production';
  session: { secret: string | undefined; ttlHours: number };
  oauth: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    issuer: string | undefined;
    authorizeUrl: string | undefined;
    tokenUrl: string | undefined;
    userinfoUrl: string | undefined;
    redirectUrl: string | undefined;
    scopes: string;
    allowlist: readonly string[];
  };
}

export type LoginSettingsResult =
  | { ok: true; settings: LoginSettings }
  | { ok: false; missing: string[] };

function missingVariables(config: AuthConfig): string[] {
  const { session, oauth } = config;
  const missing: string[] = [];
  const need = (value: string | undefined, name: string) => {
    if (!value) {
      missing.push(name);
    }
  };
  need(session.secret, 'SESSION_SECRET');
  need(oauth.clientId, 'OAUTH_CLIENT_ID');
  need(oauth.clientSecret, 'OAUTH_CLIENT_SECRET');
  need(oauth.redirectUrl, 'OAUTH_REDIRECT_URL');
  if (!oauth.issuer && !(oauth.authorizeUrl && oauth.tokenUrl)) {
    missing.push('OAUTH_ISSUER (or OAUTH_AUTHORIZE_URL and OAUTH_TOKEN_URL)');
  }
  return missing;
}

/**
 * Login settings from the config, or the names of what is missing (spec 01
 * rule 4: then login answers 503). Explicit authorize and token URLs win over
 * discovery; the issuer still names the provider and is checked in id_tokens.
 * An explicit provider is called with client_secret_post.
 */
export function loginSettingsOf(config: AuthConfig): LoginSettingsResult {
  const missing = missingVariables(config);
  const { session, oauth } = config;
  if (missing.length > 0 || !session.secret || !oauth.clientId || !oauth.clientSecret) {
    return { ok: false, missing };
  }
  const source: ProviderSource =
    oauth.authorizeUrl && oauth.tokenUrl
      ? {
          kind: 'explicit',
          endpoints: {
            authorizeUrl: oauth.authorizeUrl,
            tokenUrl: oauth.tokenUrl,
            userinfoUrl: oauth.userinfoUrl ?? null,
            tokenAuthMethod: 'client_secret_post',
          },
        }
      : { kind: 'discovery', issuer: oauth.issuer as string };
  const issuer = oauth.issuer ? oauth.issuer.replace(/\/+$/, '') : null;
  return {
    ok: true,
    settings: {
      secret: session.secret,
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret,
      redirectUrl: oauth.redirectUrl as string,
      scopes: oauth.scopes,
      allowlist: oauth.allowlist,
      appEnv: config.appEnv,
      sessionTtlMs: session.ttlHours * 3600 * 1000,
      isSecure: config.appEnv === 'production',
      providerName: issuer ?? new URL(oauth.authorizeUrl as string).origin,
      issuer,
      source,
    },
  };
}

/** The login settings, or the 503 of spec 01 rule 4 naming every missing variable. */
export function requireLoginSettings(result: LoginSettingsResult): LoginSettings {
  if (!result.ok) {
    throw new DomainError(
      'unavailable',
      `sign-in is not configured: set ${result.missing.join(', ')}`,
    );
  }
  return result.settings;
}
