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
  scope: ({ ctx }: { ctx: ConsumerCtx }) =>
    catalogIndexOf(ctx, 'catalog')?.version ?? ctx.corpus.get(ctx.config.corpusDir),
};
