import type { AnyRoute } from '@podcast/http-kit';
import type { RequestHandler } from 'express';
import type { ConsumerCtx } from '../../context.js';
import { mcpEndpoint } from './mcp-endpoint.js';
import {
  getAuthorizationServerMetadata,
  getProtectedResourceMetadata,
  getRootProtectedResourceMetadata,
} from './oauth-metadata.js';
import { registerClient } from './register-client.js';
import { exchangeToken } from './token.js';

/**
 * What a browser MCP client calls from its own origin: discovery,
 * registration, the token exchange and the MCP endpoint. Nothing else gets
 * CORS: the consent page is navigated to, and every session route relies on
 * its cookie never being usable from another origin.
 */
export const CROSS_ORIGIN_ROUTES: readonly AnyRoute<ConsumerCtx>[] = [
  getAuthorizationServerMetadata,
  getProtectedResourceMetadata,
  getRootProtectedResourceMetadata,
  registerClient,
  exchangeToken,
  mcpEndpoint,
];

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

/**
 * CORS for exactly `routes`: any origin and never credentials (no cookie of
 * this server is good there; the clients send bearer tokens), answered on
 * the preflight and on every response of those paths, errors included.
 */
export function crossOriginAccess(routes: readonly AnyRoute<ConsumerCtx>[]): RequestHandler {
  const methods = new Map<string, string[]>();
  for (const route of routes) {
    const key = pathKey(route.path);
    methods.set(key, [...(methods.get(key) ?? []), route.method.toUpperCase()]);
  }
  return (req, res, next) => {
    const allowed = methods.get(pathKey(req.path));
    if (allowed === undefined) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
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
