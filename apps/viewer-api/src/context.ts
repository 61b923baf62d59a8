import type { AskService } from '@podcast/ask';
import type { ScheduledJob } from '@podcast/contracts';
import type { CorpusRegistry } from '@podcast/corpus';
import type { CorpusIndex, CorpusIndexPool } from '@podcast/corpus-index';
import type { EnricherRegistry, SchemaError } from '@podcast/enrichment';
import { createRouteDefiner, type HotAnswers, type OperatorPrincipal } from '@podcast/http-kit';
import type { JobsService } from '@podcast/jobs';
import type { SearchService } from '@podcast/search';
import type { Logger } from 'pino';
import type { ViewerConfig } from './env.js';
import type { CapabilityFlags } from './routes/capabilities.js';

/** Everything a viewer route may touch, built once by buildViewerContext (build-context.ts). */
export interface ViewerCtx {
  config: ViewerConfig;
  corpus: CorpusRegistry;
  /** The shared index of the default root (CORPUS_INDEX=sqlite or CORPUS_INDEX_URL); else the projection answers. */
  corpusIndex?: CorpusIndex;
  /**
   * With the index on, the indexes of the other roots: the roots CORPUS_ROOTS
   * names, and corpora in folders inside them (bounded, least recently used).
   */
  corpusIndexes?: CorpusIndexPool;
  /** The search index of every corpus: build, stats, queries (packages/search). */
  search: SearchService;
  /** Answers made of evidence over the search index (packages/ask). */
  ask: AskService;
  logger: Logger;
  now: () => Date;
  /** The job registry and queues; present exactly when REDIS_URL is set (the jobs group is mounted). */
  jobs?: JobsService;
  /** The enricher registry, its composed config schema and the validator compiled from it. */
  enrichment: {
    registry: EnricherRegistry;
    schema: Record<string, unknown>;
    validate: (block: unknown) => SchemaError[];
  };
  /**
   * Called after a PUT of the operator file changed its scheduled_jobs block,
   * so the in-process scheduler can reload (spec 01).
   */
  onScheduledJobsChanged?: (change: { root: string; jobs: ScheduledJob[] }) => void | Promise<void>;
  /** Derived from the mounted routes when the app is built. */
  capabilities: CapabilityFlags;
  /** Cached answers asked often lately, made again when the corpus changes (http-kit); none in some tests. */
  hotAnswers?: HotAnswers;
}

/** What each auth class resolves to here: only operator routes are guarded. */
export interface ViewerPrincipals {
  session: never;
  operator: OperatorPrincipal;
  internal: never;
  token: never;
  sync: never;
  'sync-or-token': never;
  feed: never;
}

export const defineRoute = createRouteDefiner<ViewerCtx, ViewerPrincipals>();
