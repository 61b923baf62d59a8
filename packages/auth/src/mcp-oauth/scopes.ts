import { MCP_SCOPES, type McpScope } from '@podcast/contracts';

/** The scopes of a space-separated list, or the first unknown one. */
export function parseScopes(
  text: string | undefined,
): { scopes: McpScope[] } | { unknown: string } {
  const words = (text ?? '').split(' ').filter((word) => word.length > 0);
  const scopes: McpScope[] = [];
  for (const word of words) {
    if (!(MCP_SCOPES as readonly string[]).includes(word)) {
      return { unknown: word };
    }
    if (!scopes.includes(word as McpScope)) {
      scopes.push(word as McpScope);
    }
  }
  return { scopes };
}

/** Scope text in one canonical order, so equal sets compare equal. */
export function scopeText(scopes: readonly string[]): string {
  return MCP_SCOPES.filter((scope) => scopes.includes(scope)).join(' ');
}

export function isSubset(requested: readonly string[], allowed: readonly string[]): boolean {
  return requested.every((scope) => allowed.includes(scope));
}
