import type { ConsumerCtx } from '../context.js';

/**
 * Response caching for catalog routes: their answers depend only on the
 * shared corpus snapshot and the request (never on the user), and a refresh
 * makes a new snapshot, hence a fresh cache (see http-kit).
 */
export const catalogCache = {
  scope: ({ ctx }: { ctx: ConsumerCtx }) => ctx.corpus.get(ctx.config.corpusDir),
};
