import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { insufficientScopeChallenge, type McpPrincipal } from '@podcast/auth';
import { McpRequestBody } from '@podcast/contracts';
import {
  MalformedBody,
  type RawResponseSpec,
  rawReply,
  type ValidationFailed,
} from '@podcast/http-kit';
import { missingScopes, registerTools, USER_TOOLS } from '@podcast/mcp-tools';
import type { Request as ExpressRequest } from 'express';
import { type ConsumerCtx, defineRoute, userStateOf } from '../../context.js';
import { publicOriginOf } from '../public-origin.js';
import { askLibraryOf, searchLibraryOf } from '../search/search-corpus-of.js';
import { mcpEndpointsFor } from './mcp-endpoints.js';
import { toolsGraphOf } from './tools-graph-of.js';

/** The SDK's parts this route runs. */
interface McpSdk {
  McpServer: typeof McpServer;
  Transport: typeof WebStandardStreamableHTTPServerTransport;
  versions: readonly string[];
}

let sdk: Promise<McpSdk> | undefined;

/** The MCP SDK, loaded at the first MCP request: its modules (and their schemas) are not built at start. */
function mcpSdk(): Promise<McpSdk> {
  // One module at a time: jest's module linker fails on parallel imports sharing a dependency.
  sdk ??= (async () => {
    const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
    const transport = await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
    const { SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/sdk/types.js');
    return {
      McpServer,
      Transport: transport.WebStandardStreamableHTTPServerTransport,
      versions: SUPPORTED_PROTOCOL_VERSIONS,
    };
  })();
  return sdk;
}

const JSON_RPC: RawResponseSpec = {
  description: 'JSON-RPC answer of the MCP Streamable HTTP transport',
  contentType: 'application/json',
};

/** A transport-level refusal as the SDK's transport words its own: a JSON-RPC error, `id: null`. */
function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
) {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  return rawReply(status, 'application/json', body, headers);
}

/**
 * A body the transport cannot take, answered as its SDK does (a JSON-RPC
 * error with `id: null`, status 400): -32700 when it is not JSON, -32600
 * when it is JSON but not JSON-RPC. The message names the field at fault.
 */
function transportError(failure: ValidationFailed) {
  const [code, kind] =
    failure instanceof MalformedBody ? [-32700, 'Parse error'] : [-32600, 'Invalid Request'];
  return jsonRpcError(400, code, `${kind}: ${failure.detail}`);
}

/**
 * An `MCP-Protocol-Version` this server does not speak: a 400 naming the
 * ones it does, on every request (the SDK checks only those after
 * initialization). Absent, the transport assumes 2025-03-26.
 */
function versionRefusal(version: string | undefined, supported: readonly string[]) {
  if (version === undefined || supported.includes(version)) {
    return undefined;
  }
  return jsonRpcError(
    400,
    -32000,
    `Bad Request: MCP-Protocol-Version ${version} is not supported; supported: ${supported.join(', ')}`,
  );
}

/** A tool call needing a scope the token lacks: 403 with the step-up challenge (RFC 6750 §3.1). */
function scopeRefusal(
  ctx: ConsumerCtx,
  req: ExpressRequest,
  principal: McpPrincipal,
  body: unknown,
) {
  const missing = missingScopes(USER_TOOLS, body, principal.scopes);
  if (missing.length === 0) {
    return undefined;
  }
  const challenge = insufficientScopeChallenge(
    mcpEndpointsFor(ctx, req),
    principal.scopes,
    missing,
  );
  return jsonRpcError(403, -32001, `Forbidden: this call needs the ${missing.join(' ')} scope`, {
    'WWW-Authenticate': challenge,
  });
}

// The request headers the transport reads; the rest stay behind.
const FORWARDED = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'];

function webRequestOf(req: ExpressRequest, url: string): Request {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = req.get(name);
    if (value !== undefined) {
      headers.set(name, value);
    }
  }
  return new Request(url, { method: 'POST', headers });
}

/** A server holding every user tool for the token's user; a call outside its scopes is refused. */
function serverFor(
  { McpServer }: McpSdk,
  ctx: ConsumerCtx,
  req: ExpressRequest,
  principal: McpPrincipal,
): McpServer {
  const server = new McpServer({ name: 'podcast-consumer', version: '0.1.0' });
  const tools = {
    userId: principal.userId,
    searchCorpus: async () => (await searchLibraryOf(ctx)).corpus,
    askCorpus: async () => (await askLibraryOf(ctx)).corpus,
    graph: toolsGraphOf(ctx),
    search: ctx.search,
    ask: ctx.ask,
    userState: userStateOf(ctx),
    origin: publicOriginOf(ctx, req),
  };
  registerTools(server, USER_TOOLS, tools, principal.scopes);
  return server;
}

export const mcpEndpoint = defineRoute({
  method: 'post',
  path: '/api/app/mcp',
  summary: 'The remote MCP server (Streamable HTTP, stateless)',
  description:
    "Needs an access token from this server's OAuth flow (`Authorization: Bearer`); without " +
    'one, or with one for another resource or revoked, 401 with a WWW-Authenticate naming the ' +
    'resource metadata and the scopes to ask for first. Each POST is answered as JSON; there is ' +
    'no server-sent stream (GET is 405). Every token lists every tool; calling one needs its ' +
    'scope: corpus:read (search_corpus, episode_insights, graph_related, topic_people, search, ' +
    'fetch), library:read (my_library, my_highlights), library:write (follow_show, ' +
    'queue_episode), capture:write (save_highlight). A call needing a scope the token lacks is ' +
    'a 403 with `WWW-Authenticate: Bearer error="insufficient_scope", scope=…`: authorize again ' +
    'with that scope (step-up). A page whose Origin is neither this server nor listed in ' +
    'MCP_ALLOWED_ORIGINS is a 403. An unsupported MCP-Protocol-Version is a 400 naming the ' +
    'supported ones. A body that is not JSON is a 400 JSON-RPC error -32700, JSON that is not ' +
    'JSON-RPC (or a batch over 50) -32600, both with `id: null`.',
  tags: ['mcp'],
  auth: 'token',
  body: McpRequestBody,
  bodyLimit: '256kb',
  invalid: transportError,
  responses: {
    200: JSON_RPC,
    202: { description: 'Notifications accepted', contentType: 'application/json' },
    400: JSON_RPC,
    403: {
      description:
        'An Origin not allowed, or a tool call needing a scope the token lacks (step-up)',
      contentType: 'application/json',
    },
    406: JSON_RPC,
    415: JSON_RPC,
  },
  handler: async ({ ctx, body, principal, req }) => {
    const loaded = await mcpSdk();
    const refusal =
      versionRefusal(req.get('mcp-protocol-version'), loaded.versions) ??
      scopeRefusal(ctx, req, principal, body);
    if (refusal) {
      return refusal;
    }
    const server = serverFor(loaded, ctx, req, principal);
    const transport = new loaded.Transport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      // The resource URL, never the raw Host header (which may be anything behind PUBLIC_BASE_URL).
      const url = mcpEndpointsFor(ctx, req).resource;
      const response = await transport.handleRequest(webRequestOf(req, url), { parsedBody: body });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'content-type' && name !== 'content-length') {
          headers[name] = value;
        }
      });
      const type = response.headers.get('content-type') ?? 'application/json';
      return rawReply(response.status, type, await response.text(), headers);
    } finally {
      await server.close();
    }
  },
});
