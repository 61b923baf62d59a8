#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  ENRICHMENT_TOOLS,
  PRODUCTION_TOOLS,
  registerTools,
  targetResolver,
} from '@podcast/mcp-tools';

/**
 * The enrichment observability tools (spec 03) and the production summary
 * and correlate tools as an MCP server on stdio,
 * backed by the viewer's HTTP routes: ENRICHMENT_API_BASE (default
 * http://127.0.0.1:8000) and OPERATOR_TOKEN, or named targets from
 * ENRICHMENT_TARGETS_FILE. Logs go to stderr; stdout is the protocol.
 */
async function main(): Promise<void> {
  const server = new McpServer({ name: 'podcast-enrichment', version: '0.1.0' });
  registerTools(server, [...ENRICHMENT_TOOLS, ...PRODUCTION_TOOLS], {
    targets: targetResolver(process.env),
    fetch,
  });
  await server.connect(new StdioServerTransport());
}

main().catch((err: unknown) => {
  process.stderr.write(`enrichment-mcp: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
