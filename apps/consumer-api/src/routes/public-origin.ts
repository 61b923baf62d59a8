import { HttpError } from '@podcast/http-kit';
import type { Request } from 'express';
import type { ConsumerCtx } from '../context.js';

// A Host header as a browser or client sends it: a name or an IPv6 literal, then a port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The server's origin as clients reach it, for URLs it hands out: from
 * PUBLIC_BASE_URL when set (production), else from the request's own
 * scheme and Host (a local server, whatever port it runs on).
 */
export function publicOriginOf(ctx: ConsumerCtx, req: Request): string {
  if (ctx.config.publicBaseUrl) {
    return ctx.config.publicBaseUrl;
  }
  const host = req.get('host') ?? '';
  if (!HOST.test(host)) {
    throw new HttpError(400, 'host: not a valid Host header');
  }
  return `${req.protocol}://${host}`;
}
