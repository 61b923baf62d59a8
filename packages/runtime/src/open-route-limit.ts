import { z } from 'zod';
import { RateLimiter } from './rate-limiter.js';

/** Requests a minute one source address may make to an API's open routes in production. */
export const OPEN_ROUTE_LIMIT_PER_MINUTE = 600;

/**
 * OPEN_ROUTE_RATE_LIMIT: requests a minute per source address on every open
 * route (a burst of as many, then that rate); 0 turns the limit off. Unset:
 * the default in production, off in development, where the only caller is
 * the developer and the benches.
 */
export const OpenRouteLimitEnvShape = {
  OPEN_ROUTE_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).optional(),
};

/** The per-minute limit those variables give; 0 means none. */
export function openRouteLimitOf(env: {
  OPEN_ROUTE_RATE_LIMIT?: number | undefined;
  APP_ENV: 'development' | 'production';
}): number {
  return (
    env.OPEN_ROUTE_RATE_LIMIT ?? (env.APP_ENV === 'production' ? OPEN_ROUTE_LIMIT_PER_MINUTE : 0)
  );
}

/** The app's open-route limiter, or none when the limit is 0. */
export function createOpenRouteLimiter(perMinute: number): RateLimiter | undefined {
  return perMinute > 0
    ? new RateLimiter({ limit: perMinute, windowMs: 60_000, maxKeys: 50_000 })
    : undefined;
}
