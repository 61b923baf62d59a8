import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { McpRequestBody } from '@podcast/contracts';
import {
  MalformedBody,
  type RawResponseSpec,
  rawReply,
  type ValidationFailed,
} from '@podcast/http-kit';
import { registerTools, toolsAllowed, USER_TOOLS } from '@podcast/mcp-tools';
import type { Request as ExpressRequest } from 'express';
import { defineRoute, userStateOf } from '../../context.js';
import { mcpEndpointsFor } from './mcp-endpoints.js';

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
function versionRefusal(version: string | undefined) {
  if (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return undefined;
  }
  return jsonRpcError(
    400,
    -32000,
    `Bad Request: MCP-Protocol-Version ${version} is not supported; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
  );
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

export const mcpEndpoint = defineRoute({
  method: 'post',
  path: '/api/app/mcp',
  summary: 'The remote MCP server (Streamable HTTP, stateless)',
  description:
    "Needs an access token from this server's OAuth flow (`Authorization: Bearer`); without " +
    'one, or with one for another resource or revoked, 401 with a WWW-Authenticate naming the ' +
    'resource metadata and the scopes to ask for first. Each POST is answered as JSON; there is ' +
    'no server-sent stream (GET is 405). The tools a token sees depend on its scopes: ' +
    'corpus:read gives search_corpus, episode_insights, graph_related and topic_people; ' +
    'library:read gives my_library and my_highlights. A page whose Origin is neither this ' +
    'server nor listed in MCP_ALLOWED_ORIGINS is a 403. An unsupported MCP-Protocol-Version is ' +
    'a 400 naming the supported ones. A body that is not JSON is a 400 JSON-RPC error -32700, JSON that is not ' +
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
    403: { description: 'An Origin not allowed', contentType: 'application/json' },
    406: JSON_RPC,
    415: JSON_RPC,
  },
  handler: async ({ ctx, body, principal, req }) => {
    const refusal = versionRefusal(req.get('mcp-protocol-version'));
    if (refusal) {
      return refusal;
    }
    const server = new McpServer({ name: 'podcast-consumer', version: '0.1.0' });
    registerTools(server, toolsAllowed(USER_TOOLS, principal.scopes), {
      userId: principal.userId,
      snapshot: () => ctx.corpus.get(ctx.config.corpusDir),
      search: ctx.search,
      userState: userStateOf(ctx),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
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
