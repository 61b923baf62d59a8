import { clusterFilesStamp } from '@podcast/corpus';
import type { ConsumerCtx } from '../context.js';
import { catalogIndexOf } from './catalog/catalog-index.js';

/**
 * Response caching for catalog routes: their answers depend only on the
 * shared corpus snapshot and the request (never on the user), and a refresh
 * makes a new snapshot, hence a fresh cache (see http-kit).
 */
export const catalogCache = {
  scope: ({ ctx }: { ctx: ConsumerCtx }) => ctx.corpus.get(ctx.config.corpusDir),
};

/**
 * The same for the routes the corpus index answers (CORPUS_INDEX=sqlite or CORPUS_INDEX_URL):
 * then the scope is the index's data version, which each commit replaces (on PostgreSQL,
 * as its readers see it at their last beat).
 */
export const indexedCatalogCache = {
  scope: async ({ ctx }: { ctx: ConsumerCtx }) =>
    (await catalogIndexOf(ctx, 'catalog'))?.version ?? ctx.corpus.get(ctx.config.corpusDir),
};

const utcDay = ({ ctx }: { ctx: ConsumerCtx }) => ctx.now().toISOString().slice(0, 10);

/** For cross-episode answers over a window of days: they also change with the UTC day. */
export const dailyCatalogCache = { scope: indexedCatalogCache.scope, vary: utcDay };

/** For the landing answers that also read the cluster files beside the corpus. */
export const dailyCatalogAndClustersCache = {
  scope: indexedCatalogCache.scope,
  vary: (input: { ctx: ConsumerCtx }) =>
    `${utcDay(input)}|${clusterFilesStamp(input.ctx.config.corpusDir)}`,
};
