import { McpGrantList } from '@podcast/contracts';
import { listMcpGrants } from '@podcast/db';
import { defineRoute } from '../../context.js';

export const listGrants = defineRoute({
  method: 'get',
  path: '/api/app/mcp/grants',
  summary: 'MCP clients the user has connected',
  description: 'Live grants, newest first. `last_used_at` is when tokens were last issued.',
  tags: ['mcp'],
  auth: 'session',
  responses: { 200: McpGrantList },
  handler: async ({ ctx, principal }) => ({
    items: await listMcpGrants(ctx.db, principal.user.id),
  }),
});
