import { type AskService, createAskService, rerankScorerOf, summarizerOf } from '@podcast/ask';
import { bearerTokenAuth, createApp, mountedRoutes } from '@podcast/http-kit';
import { createOpenRouteLimiter } from '@podcast/runtime';
import { createSearchService, type SearchService } from '@podcast/search';
import type { Express } from 'express';
import { buildEnrichmentContext } from './build-context.js';
import type { ViewerCtx } from './context.js';
import { capabilityFlags } from './routes/capabilities.js';
import { withCorpusPathErrors } from './routes/corpus-path-errors.js';
import { viewerRouteGroups } from './routes/index.js';

/** `search`, `ask` and `enrichment` may be left out (tests of other areas): they are then built here. */
export type ViewerDeps = Omit<ViewerCtx, 'capabilities' | 'search' | 'ask' | 'enrichment'> & {
  search?: SearchService;
  ask?: AskService;
  enrichment?: ViewerCtx['enrichment'];
};

/** The viewer API over its dependencies; tests and main.ts both build it here. */
export function buildViewerApp(deps: ViewerDeps): Express {
  const routes = mountedRoutes(viewerRouteGroups, deps.config).map(withCorpusPathErrors);
  const search =
    deps.search ?? createSearchService({ embedding: deps.config.embedding, now: deps.now });
  // jobs_api also needs JOBS_API_ENABLED: mounted but off, the routes refuse (spec 03).
  const capabilities = capabilityFlags(routes);
  capabilities.jobs_api &&= deps.config.jobsApiEnabled;
  const enrichment = deps.enrichment ?? buildEnrichmentContext();
  const ask =
    deps.ask ??
    createAskService({
      search,
      now: deps.now,
      onLogError: (err) => deps.logger.warn({ err }, 'query log append failed'),
      scorer: rerankScorerOf(deps.config.askRerank, (reason) =>
        deps.logger.warn({ reason }, 'answer rerank model unavailable'),
      ),
      summarize: summarizerOf(deps.config.llm, deps.config.outboundAllowedHosts, (reason) =>
        deps.logger.warn({ reason }, 'answer summary skipped'),
      ),
    });
  const ctx: ViewerCtx = { ...deps, search, ask, enrichment, capabilities };
  return createApp({
    routes,
    ctx,
    logger: deps.logger,
    authenticators: { operator: bearerTokenAuth(deps.config.operatorToken, 'OPERATOR_TOKEN') },
    openRouteLimiter: createOpenRouteLimiter(deps.config.openRouteLimitPerMinute),
    ...(deps.hotAnswers ? { hotAnswers: deps.hotAnswers } : {}),
    info: {
      title: 'Podcast viewer API',
      version: '0.1.0',
      description: 'Operator and power-user surface over a processed podcast corpus.',
    },
  });
}
