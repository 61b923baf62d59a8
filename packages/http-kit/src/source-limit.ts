import { TooManyRequests } from '@podcast/contracts';
import { type RateLimiter, sourceAddressKey } from '@podcast/runtime';
import type { Request } from 'express';

/**
 * Spends one unit of `limiter` for the request's source address (`req.ip`,
 * which follows X-Forwarded-For only where the app trusts a proxy), or
 * refuses with a 429 saying when to come back.
 */
export function takeFromSource(limiter: RateLimiter, req: Request): void {
  const decision = limiter.take(sourceAddressKey(req.ip));
  if (!decision.allowed) {
    throw new TooManyRequests(
      decision.retryAfterS,
      'too many requests from this address; retry later',
    );
  }
}
