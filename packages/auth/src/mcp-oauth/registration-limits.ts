import { MCP_OAUTH_LIMITS } from '@podcast/contracts';
import type { UnconsentedClientBounds } from '@podcast/db';
import { RateLimiter } from '@podcast/runtime';

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
