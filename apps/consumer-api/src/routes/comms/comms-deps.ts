import { randomBytes } from 'node:crypto';
import type { SeamDeps } from '@podcast/notifications';
import type { ConsumerCtx } from '../../context.js';

/**
 * The notification stores' dependencies over the route context. The
 * unsubscribe ref is 24 random bytes (192 bits), base64url: opaque and
 * unguessable, and it signs nothing, so no secret is needed to check it.
 */
export function commsDeps(ctx: ConsumerCtx): SeamDeps {
  return {
    db: ctx.db,
    now: ctx.now,
    mintRef: () => randomBytes(24).toString('base64url'),
    leaseMs: ctx.config.outboxLeaseSeconds * 1000,
  };
}
