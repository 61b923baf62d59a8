import { NotFound } from '@podcast/contracts';
import { type IndexNeeds, type IndexView, servingView } from '@podcast/corpus-index';
import type { ConsumerCtx } from '../../context.js';

/**
 * The corpus index to answer from when there is one, else undefined
 * (the projection answers). Until the index's first build has read what
 * the answer `needs` the request is answered 503 with Retry-After, as a
 * first projection load is.
 */
export function catalogIndexOf(
  ctx: ConsumerCtx,
  needs: IndexNeeds = 'catalog',
): IndexView | undefined {
  return ctx.corpusIndex === undefined ? undefined : servingView(ctx.corpusIndex, needs);
}

/** The 404 of an unknown slug, the same words whichever store answers. */
export function unknownSlug(slug: string): NotFound {
  return new NotFound(`no episode with slug ${slug}`);
}
