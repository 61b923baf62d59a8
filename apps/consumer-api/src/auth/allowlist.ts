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
 * the provider marks unverified never matches an address or domain entry.
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
  const email = account.email.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) {
    return false;
  }
  const domain = email.slice(at);
  return allowlist.some((entry) => (entry.startsWith('@') ? entry === domain : entry === email));
}
