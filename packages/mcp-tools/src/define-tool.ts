import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';

/**
 * An MCP tool declared once, the way a route is: its name, zod input and
 * output, and a handler over a context the host builds. The stdio server
 * and the remote endpoint register the same declarations.
 */
export interface ToolDef<
  Ctx,
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  /** The permission (an OAuth scope) a caller needs; the host registers only what it holds. */
  requires?: string;
  handler: (input: z.output<I>, ctx: Ctx) => Promise<z.input<O>>;
}

// biome-ignore lint/suspicious/noExplicitAny: a tool list holds tools of every input and output type
export type AnyTool<Ctx> = ToolDef<Ctx, any, any>;

export function defineTool<Ctx>() {
  return <I extends z.ZodObject, O extends z.ZodObject>(def: ToolDef<Ctx, I, O>): AnyTool<Ctx> =>
    def;
}

/** The tools a caller holding `granted` may use: those that need nothing, or a granted scope. */
export function toolsAllowed<Ctx>(
  tools: readonly AnyTool<Ctx>[],
  granted: ReadonlySet<string>,
): AnyTool<Ctx>[] {
  return tools.filter((tool) => tool.requires === undefined || granted.has(tool.requires));
}

/** A failure the caller should read (unknown target, refused request), shown as a tool error. */
export class ToolError extends Error {}

/**
 * Registers every tool on the server. The handler's answer is checked
 * against the output schema and sent both as structured content and as
 * its JSON text; a thrown error becomes a tool result with isError.
 */
export function registerTools<Ctx>(
  server: McpServer,
  tools: readonly AnyTool<Ctx>[],
  ctx: Ctx,
): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
      },
      async (args: unknown) => {
        try {
          const output = tool.output.parse(await tool.handler(tool.input.parse(args ?? {}), ctx));
          return {
            content: [{ type: 'text' as const, text: JSON.stringify(output) }],
            structuredContent: output as Record<string, unknown>,
          };
        } catch (err) {
          return {
            isError: true,
            content: [
              { type: 'text' as const, text: err instanceof Error ? err.message : String(err) },
            ],
          };
        }
      },
    );
  }
}
