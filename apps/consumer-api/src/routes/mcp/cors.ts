import type { AnyRoute } from '@podcast/http-kit';
import type { Request, RequestHandler, Response } from 'express';
import type { ConsumerCtx } from '../../context.js';
import { getAuthorizationServerMetadata } from './get-authorization-server-metadata.js';
import { getProtectedResourceMetadata } from './get-protected-resource-metadata.js';
import { getRootProtectedResourceMetadata } from './get-root-protected-resource-metadata.js';
import { mcpEndpoint } from './mcp-endpoint.js';
import { registerClient } from './register-client.js';
import { exchangeToken } from './token.js';

/**
 * What a browser MCP client calls from its own origin: discovery,
 * registration, the token exchange and the MCP endpoint. Nothing else gets
 * CORS: the consent page is navigated to, and every session route relies on
 * its cookie never being usable from another origin. The MCP endpoint
 * answers only the origins it allows (ORIGIN_CHECKED_ROUTES).
 */
export const CROSS_ORIGIN_ROUTES: readonly AnyRoute<ConsumerCtx>[] = [
  getAuthorizationServerMetadata,
  getProtectedResourceMetadata,
  getRootProtectedResourceMetadata,
  registerClient,
  exchangeToken,
  mcpEndpoint,
];

/**
 * Routes whose pages must come from an allowed origin (the Streamable HTTP
 * transport's Origin check): another origin is refused with a 403 before
 * anything else, its preflight included, and an allowed one is named in
 * the CORS answer rather than `*`.
 */
export const ORIGIN_CHECKED_ROUTES: readonly AnyRoute<ConsumerCtx>[] = [mcpEndpoint];

// Request headers such a client sends beyond the CORS-safelisted ones.
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
  'Last-Event-ID',
].join(', ');

// Response headers it must read: the session, the 401 challenge naming the resource metadata, a 429's wait.
const EXPOSED_HEADERS = [
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'WWW-Authenticate',
  'Retry-After',
].join(', ');

// Chromium's ceiling on caching a preflight; Firefox allows longer, nobody needs it.
const PREFLIGHT_MAX_AGE_S = 7200;

/** A path as express matches it: case-insensitive, a trailing slash optional. */
function pathKey(path: string): string {
  return path.toLowerCase().replace(/(.)\/$/, '$1');
}

/** The transport's refusal of a page's origin, in the JSON-RPC shape its other errors have. */
function refuseOrigin(res: Response, origin: string): void {
  const message = `Forbidden: Origin ${origin} may not call this endpoint (MCP_ALLOWED_ORIGINS)`;
  res
    .status(403)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * CORS for exactly `routes`: any origin and never credentials (no cookie of
 * this server is good there; the clients send bearer tokens), answered on
 * the preflight and on every response of those paths, errors included. On
 * the origin-checked paths an Origin `isAllowedOrigin` refuses is a 403,
 * and an allowed one is echoed (with `Vary: Origin`) instead of `*`.
 */
export function crossOriginAccess(
  routes: readonly AnyRoute<ConsumerCtx>[],
  isAllowedOrigin: (req: Request) => boolean,
): RequestHandler {
  const methods = new Map<string, string[]>();
  for (const route of routes) {
    const key = pathKey(route.path);
    methods.set(key, [...(methods.get(key) ?? []), route.method.toUpperCase()]);
  }
  const checked = new Set(ORIGIN_CHECKED_ROUTES.map((route) => pathKey(route.path)));
  return (req, res, next) => {
    const key = pathKey(req.path);
    const allowed = methods.get(key);
    if (allowed === undefined) {
      next();
      return;
    }
    const origin = req.get('origin');
    if (checked.has(key)) {
      res.setHeader('Vary', 'Origin');
      if (origin !== undefined && !isAllowedOrigin(req)) {
        refuseOrigin(res, origin);
        return;
      }
    }
    res.setHeader('Access-Control-Allow-Origin', checked.has(key) ? (origin ?? '*') : '*');
    if (req.method !== 'OPTIONS') {
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Methods', allowed.join(', '));
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
    res.status(204).end();
  };
}
