import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ResourceLink, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
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
  /** The permission (an OAuth scope) a caller needs to call it. */
  requires?: string;
  /** What the tool does to the world (read only, idempotent), for clients deciding whether to ask. */
  annotations?: ToolAnnotations;
  handler: (input: z.output<I>, ctx: Ctx) => Promise<z.input<O>>;
  /** Links sent beside the answer (`resource_link` content), e.g. transcript ranges. */
  links?: (output: z.output<O>) => ResourceLink[];
}

// biome-ignore lint/suspicious/noExplicitAny: a tool list holds tools of every input and output type
export type AnyTool<Ctx> = ToolDef<Ctx, any, any>;

export function defineTool<Ctx>() {
  return <I extends z.ZodObject, O extends z.ZodObject>(def: ToolDef<Ctx, I, O>): AnyTool<Ctx> =>
    def;
}

function toolCalled(message: unknown): string | undefined {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
}

/**
 * The scopes the tool calls among `messages` (a JSON-RPC message or batch)
 * need and `granted` lacks, each once, in the order of `tools`: what a
 * step-up must add before the calls can run. A call of an unknown tool
 * needs nothing here (the server answers it as unknown).
 */
export function missingScopes<Ctx>(
  tools: readonly AnyTool<Ctx>[],
  messages: unknown,
  granted: ReadonlySet<string>,
): string[] {
  const called = new Set((Array.isArray(messages) ? messages : [messages]).map(toolCalled));
  const missing = tools.flatMap((tool) =>
    called.has(tool.name) && tool.requires !== undefined && !granted.has(tool.requires)
      ? [tool.requires]
      : [],
  );
  return [...new Set(missing)];
}

/** A failure the caller should read (unknown target, refused request), shown as a tool error. */
export class ToolError extends Error {}

/**
 * Registers every tool on the server, in the order given (the order
 * `tools/list` answers). The handler's answer is checked against the output
 * schema and sent both as structured content and as its JSON text, links
 * after it; a thrown error becomes a tool result with isError. With
 * `granted`, a tool needing a scope outside it answers an error and never
 * runs (the host refuses such calls before; this keeps the rule where the
 * tools are).
 */
export function registerTools<Ctx>(
  server: McpServer,
  tools: readonly AnyTool<Ctx>[],
  ctx: Ctx,
  granted?: ReadonlySet<string>,
): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
      },
      async (args: unknown) => {
        try {
          if (granted && tool.requires !== undefined && !granted.has(tool.requires)) {
            throw new ToolError(`${tool.name} needs the ${tool.requires} scope`);
          }
          const output = tool.output.parse(await tool.handler(tool.input.parse(args ?? {}), ctx));
          return {
            content: [
              { type: 'text' as const, text: JSON.stringify(output) },
              ...(tool.links?.(output) ?? []),
            ],
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
  // Every tool is registered before the server connects and none changes afterwards, so
  // no list-changed notification is ever sent; the SDK would otherwise advertise one.
  server.server.registerCapabilities({ tools: { listChanged: false } });
}
