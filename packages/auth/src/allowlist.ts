import { parseEmailAddress } from './email-address.js';

/** The account facts the allowlist looks at. */
export interface AllowlistAccount {
  email: string | null;
  /** The provider's `email_verified`; undefined when it does not say. */
  emailVerified?: boolean;
}

/**
 * Spec 01 rule 5. Entries are lower-case addresses, `@domain` for every
 * address of a domain (not its subdomains), or `*` for any account. An empty
 * list admits nobody in production and everybody in development. An address
 * the provider marks unverified never matches an address or domain entry,
 * and neither does one that is not a plain `local@domain` (email-address.ts):
 * `a@evil.com@example.com` is refused, not read as `@example.com`.
 */
export function isAllowedAccount(
  allowlist: readonly string[],
  account: AllowlistAccount,
  appEnv: 'development' | 'production',
): boolean {
  if (allowlist.includes('*')) {
    return true;
  }
  if (allowlist.length === 0) {
    return appEnv === 'development';
  }
  if (account.email === null || account.emailVerified === false) {
    return false;
  }
  const address = parseEmailAddress(account.email);
  if (address === undefined) {
    return false;
  }
  const email = `${address.local}@${address.domain}`;
  return allowlist.some((entry) =>
    entry.startsWith('@') ? entry.slice(1) === address.domain : entry === email,
  );
}
