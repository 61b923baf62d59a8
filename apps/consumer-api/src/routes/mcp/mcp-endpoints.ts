import { type McpEndpoints, type McpOAuthDeps, mcpEndpointsOf, OAuthError } from '@podcast/auth';
import { type RawResponseSpec, rawReply, reply, type ValidationFailed } from '@podcast/http-kit';
import type { Request } from 'express';
import type { ConsumerCtx } from '../../context.js';
import { publicOriginOf } from '../public-origin.js';

/** The authorization server's and the MCP resource's URLs, under the server's public origin. */
export function mcpEndpointsFor(ctx: ConsumerCtx, req: Request): McpEndpoints {
  return mcpEndpointsOf(publicOriginOf(ctx, req));
}

export function mcpOAuthDeps(ctx: ConsumerCtx): McpOAuthDeps {
  return { db: ctx.db, now: ctx.now, clientDocuments: ctx.mcpClientDocuments };
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
