import type { Request } from 'express';
import type { ConsumerCtx } from '../../context.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * This server's own origin, as a page it served would send it: PUBLIC_BASE_URL,
 * else the request's scheme and Host, but only for a loopback host. Taken
 * from any other Host it would prove nothing: a rebound DNS name sends a
 * Host and an Origin that agree.
 */
function ownOrigin(ctx: ConsumerCtx, req: Request): string | undefined {
  if (ctx.config.publicBaseUrl) {
    return ctx.config.publicBaseUrl;
  }
  try {
    const url = new URL(`${req.protocol}://${req.get('host') ?? ''}`);
    return LOOPBACK_HOSTS.has(url.hostname) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Streamable HTTP transport's Origin check (a MUST against DNS
 * rebinding): a request without `Origin` (not from a page) passes; one with
 * it passes when it is this server's origin or listed in MCP_ALLOWED_ORIGINS.
 */
export function isAllowedMcpOrigin(ctx: ConsumerCtx, req: Request): boolean {
  const origin = req.get('origin');
  return (
    origin === undefined ||
    ctx.config.mcpAllowedOrigins.includes(origin) ||
    origin === ownOrigin(ctx, req)
  );
}
