import type { AnyRoute } from '@podcast/http-kit';

/**
 * Spec 01 /api/health flags, each tied to the path prefix of the routes that
 * provide it. Flags are derived from the routes actually mounted, so a flag
 * can never claim a capability the server does not serve.
 */
const FLAG_PREFIXES: Record<string, string[]> = {
  artifacts_api: ['/api/artifacts'],
  search_api: ['/api/search'],
  explore_api: ['/api/explore'],
  index_routes_api: ['/api/index/'],
  corpus_metrics_api: ['/api/corpus/stats', '/api/corpus/coverage'],
  cil_queries_api: ['/api/persons/', '/api/topics/'],
  corpus_library_api: ['/api/corpus/episodes', '/api/corpus/feeds'],
  corpus_digest_api: ['/api/corpus/digest'],
  corpus_binary_api: ['/api/corpus/binary'],
  feeds_api: ['/api/feeds'],
  operator_config_api: ['/api/operator-config'],
  jobs_api: ['/api/jobs'],
};

export type CapabilityFlags = Record<keyof typeof FLAG_PREFIXES, boolean>;

export function capabilityFlags<Ctx>(routes: readonly AnyRoute<Ctx>[]): CapabilityFlags {
  const paths = routes.map((r) => r.path);
  return Object.fromEntries(
    Object.entries(FLAG_PREFIXES).map(([flag, prefixes]) => [
      flag,
      paths.some((p) => prefixes.some((prefix) => p === prefix || p.startsWith(prefix))),
    ]),
  ) as CapabilityFlags;
}
