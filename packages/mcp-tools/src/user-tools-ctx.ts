import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { AskCorpus, AskService } from '@podcast/ask';
import type { SearchCorpus, SearchService } from '@podcast/search';
import { deepLink, type UserStateDeps } from '@podcast/user-state';
import type { ToolsGraph } from './tools-graph.js';

/**
 * What the remote MCP endpoint's tools act on: the shared corpus (every
 * signed-in user may read it), its search index, and the state of one user,
 * the one the access token was granted by. No tool takes a user id. The
 * corpus is read through `userState.holdings` (episodes and their layers)
 * and `graph`, each over the corpus index when it is on.
 */
export interface UserToolsCtx {
  userId: string;
  /** What the search calls hydrate their hits from: the corpus index's rows when it is on, else the snapshot. */
  searchCorpus: () => Promise<SearchCorpus>;
  /** What the ask call reads: the corpus index's rows when it is on, else the snapshot. */
  askCorpus: () => Promise<AskCorpus>;
  /** The knowledge graph graph_related and topic_people walk. */
  graph: ToolsGraph;
  search: SearchService;
  /** Evidence answers over the same index (packages/ask). */
  ask: AskService;
  userState: UserStateDeps;
  /** The server's public origin, which the links a tool answers are absolute under. */
  origin: string;
}

/** A tool that only reads, inside this server. */
export const READS: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** A tool that adds to the user's state, where doing it twice changes nothing more. */
export const ADDS_ONCE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Where a reader opens the episode at `ms`, absolute under the server's origin. */
export function episodeUrl(ctx: UserToolsCtx, slug: string, ms?: number | null): string {
  return `${ctx.origin}${deepLink(slug, ms)}`;
}
