import { McpGrantParams, NotFound, Problem, z } from '@podcast/contracts';
import { revokeMcpGrant } from '@podcast/db';
import { reply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

export const revokeGrant = defineRoute({
  method: 'delete',
  path: '/api/app/mcp/grants/{grant_id}',
  summary: 'Disconnect an MCP client',
  description:
    'Revokes the grant: its access and refresh tokens stop working on the next request. 404 ' +
    "when the grant is unknown, already revoked, or another user's.",
  tags: ['mcp'],
  auth: 'session',
  params: McpGrantParams,
  responses: { 204: z.null(), 404: Problem.describe('No such live grant of this user') },
  handler: async ({ ctx, params, principal }) => {
    const revoked = await revokeMcpGrant(
      ctx.db,
      params.grant_id,
      'revoked by the user',
      ctx.now(),
      principal.user.id,
    );
    if (!revoked) {
      throw new NotFound(`no live grant ${params.grant_id}`);
    }
    return reply(204);
  },
});
