import type { ProviderProfile } from '@podcast/db';

/** The claims of a JWT's payload, without checking its signature. */
export function decodeJwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) {
    return undefined;
  }
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export interface IdTokenExpectations {
  clientId: string;
  /** The configured issuer; null skips the `iss` check (explicit endpoints without one). */
  issuer: string | null;
  nonce: string;
  nowMs: number;
}

const withoutTrailingSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * Why an id_token's claims are unacceptable, or undefined when they pass.
 * The token arrived straight from the token endpoint over the connection we
 * opened, so (OIDC Core §3.1.3.7) its origin is the provider; these checks make
 * sure it was issued for this client and this login.
 */
export function idTokenProblem(
  claims: Record<string, unknown>,
  expected: IdTokenExpectations,
): string | undefined {
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) {
    return 'id_token was issued for another client';
  }
  if (
    expected.issuer !== null &&
    (typeof claims.iss !== 'string' ||
      withoutTrailingSlash(claims.iss) !== withoutTrailingSlash(expected.issuer))
  ) {
    return 'id_token comes from another issuer';
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= expected.nowMs) {
    return 'id_token has expired';
  }
  if (claims.nonce !== undefined && claims.nonce !== expected.nonce) {
    return 'id_token nonce does not match this login';
  }
  return undefined;
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export interface AccountClaims {
  profile: ProviderProfile;
  emailVerified: boolean | undefined;
}

/**
 * The account behind OIDC claims (`sub`, `email`, `email_verified`, `name`).
 * Plain OAuth providers without OIDC often send `id` and `login` instead;
 * those are read too. Undefined when there is no subject at all.
 */
export function accountFromClaims(
  provider: string,
  claims: Record<string, unknown>,
): AccountClaims | undefined {
  const subject = subjectOf(claims);
  if (subject === null) {
    return undefined;
  }
  return {
    profile: {
      provider,
      subject,
      email: textOf(claims.email),
      // Only an explicit true counts: a provider that does not say has not vouched.
      email_verified: claims.email_verified === true,
      name: textOf(claims.name) ?? textOf(claims.preferred_username) ?? textOf(claims.login),
    },
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
  };
}

function subjectOf(claims: Record<string, unknown>): string | null {
  for (const value of [claims.sub, claims.id]) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      return String(value);
    }
    const text = textOf(value);
    if (text !== null) {
      return text;
    }
  }
  return null;
}
