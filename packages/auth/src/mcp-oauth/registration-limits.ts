import { MCP_OAUTH_LIMITS } from '@podcast/contracts';
import type { UnconsentedClientBounds } from '@podcast/db';
import { ipAddressBytes, RateLimiter } from '@podcast/runtime';

const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The bucket a source address spends from: an IPv4 address (also when it
 * arrives IPv4-mapped), or an IPv6 address's /64, since one host is routinely
 * given a whole /64 and could register from a new address each time.
 */
export function registrationSourceKey(address: string | undefined): string {
  const bytes = ipAddressBytes(address ?? '');
  if (bytes === undefined) {
    return `other:${address ?? ''}`;
  }
  const isMapped =
    bytes.length === 16 &&
    bytes.slice(0, 10).every((b) => b === 0) &&
    bytes[10] === 0xff &&
    bytes[11] === 0xff;
  if (bytes.length === 4 || isMapped) {
    return `v4:${bytes.slice(-4).join('.')}`;
  }
  return `v6:${hex(bytes.slice(0, 8))}`;
}

/** Registrations per source address: a burst of the limit, then the limit per window. */
export function createRegistrationLimiter(now: () => Date): RateLimiter {
  return new RateLimiter({
    limit: MCP_OAUTH_LIMITS.registrationsPerAddress,
    windowMs: MCP_OAUTH_LIMITS.registrationWindowSeconds * 1000,
    now: () => now().getTime(),
  });
}

/** The bounds on clients nobody has consented to, at `now`. */
export function unconsentedClientBounds(now: Date): UnconsentedClientBounds {
  return {
    max: MCP_OAUTH_LIMITS.unconsentedClients,
    staleBefore: new Date(now.getTime() - MCP_OAUTH_LIMITS.unconsentedClientSeconds * 1000),
  };
}
