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

const seenAt = new WeakMap<object, Date>();

/**
 * When this process first saw the index's current version: the index's
 * Last-Modified, as a snapshot's load time is the projection's.
 */
export function indexSeenAt(view: IndexView): Date {
  let at = seenAt.get(view.version);
  if (at === undefined) {
    at = new Date();
    seenAt.set(view.version, at);
  }
  return at;
}
