/** An e-mail address split at its one `@`, both parts lower-cased. */
export interface EmailAddress {
  local: string;
  domain: string;
}

// RFC 5322 dot-atom local part (no quoted strings, no comments): what
// identity providers hand out. A second `@` can only appear quoted, so an
// address such as `a@evil.com@example.com` is refused, not read as
// `…@example.com`.
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Parses an address strictly; undefined when it is not one plain `local@domain`. */
export function parseEmailAddress(text: string): EmailAddress | undefined {
  const address = text.trim().toLowerCase();
  const parts = address.split('@');
  if (parts.length !== 2) {
    return undefined;
  }
  const [local = '', domain = ''] = parts;
  const labels = domain.split('.');
  if (local.length > 64 || domain.length > 253 || !LOCAL.test(local)) {
    return undefined;
  }
  return labels.every((label) => LABEL.test(label)) ? { local, domain } : undefined;
}
