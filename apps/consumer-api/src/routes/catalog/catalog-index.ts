import { CorpusLoading, NotFound } from '@podcast/contracts';
import type { IndexView } from '@podcast/corpus-index';
import type { ConsumerCtx } from '../../context.js';

/** The Retry-After of a catalog request while the index's first build runs. */
const INDEX_BUILDING_RETRY_AFTER_S = 5;

/**
 * The corpus index to answer from when there is one, else undefined
 * (the projection answers). While the index's first build runs the
 * request is answered 503 with Retry-After, as a first projection load is.
 */
export function catalogIndexOf(ctx: ConsumerCtx): IndexView | undefined {
  if (ctx.corpusIndex === undefined) {
    return undefined;
  }
  const view = ctx.corpusIndex.view();
  if (view === undefined) {
    throw new CorpusLoading(INDEX_BUILDING_RETRY_AFTER_S);
  }
  return view;
}

/** The 404 of an unknown slug, the same words whichever store answers. */
export function unknownSlug(slug: string): NotFound {
  return new NotFound(`no episode with slug ${slug}`);
}
