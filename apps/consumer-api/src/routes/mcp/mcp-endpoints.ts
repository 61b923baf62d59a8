import { type McpEndpoints, type McpOAuthDeps, mcpEndpointsOf, OAuthError } from '@podcast/auth';
import {
  HttpError,
  type RawResponseSpec,
  rawReply,
  reply,
  type ValidationFailed,
} from '@podcast/http-kit';
import type { Request } from 'express';
import type { ConsumerCtx } from '../../context.js';

// A Host header as a browser or client sends it: a name or an IPv6 literal, then a port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The authorization server's and the MCP resource's URLs: from
 * PUBLIC_BASE_URL when set (production), else from the request's own
 * scheme and Host (a local server, whatever port it runs on).
 */
export function mcpEndpointsFor(ctx: ConsumerCtx, req: Request): McpEndpoints {
  if (ctx.config.publicBaseUrl) {
    return mcpEndpointsOf(ctx.config.publicBaseUrl);
  }
  const host = req.get('host') ?? '';
  if (!HOST.test(host)) {
    throw new HttpError(400, 'host: not a valid Host header');
  }
  return mcpEndpointsOf(`${req.protocol}://${host}`);
}

export function mcpOAuthDeps(ctx: ConsumerCtx): McpOAuthDeps {
  return { db: ctx.db, now: ctx.now };
}

/** OAuth refusals leave as RFC 6749 §5.2 JSON, never as problem documents. */
export const OAUTH_ERROR: RawResponseSpec = {
  description: 'OAuth error: {error, error_description} (RFC 6749 §5.2)',
  contentType: 'application/json',
};

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function oauthErrorReply(error: OAuthError) {
  const headers: Record<string, string> = { ...NO_STORE };
  if (error.status === 401) {
    headers['WWW-Authenticate'] = 'Basic realm="mcp-oauth"';
  }
  return rawReply(error.status, 'application/json', JSON.stringify(error.body), headers);
}

/** A validation failure in OAuth's shape: `code`, and the failure naming its field. */
export function oauthInvalid(failure: ValidationFailed, code: string) {
  return oauthErrorReply(new OAuthError(400, code, failure.detail.replace(/^body\./, '')));
}

/** Runs an OAuth step, answering its refusal in OAuth's shape. */
async function inOAuthTerms<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (err instanceof OAuthError) {
      return oauthErrorReply(err);
    }
    throw err;
  }
}

/** An OAuth endpoint's answer: the step's result as `status`, never cached, or its refusal. */
export function oauthReply(
  ctx: ConsumerCtx,
  status: number,
  step: (deps: McpOAuthDeps) => Promise<unknown>,
) {
  return inOAuthTerms(async () => reply(status, await step(mcpOAuthDeps(ctx)), NO_STORE));
}
