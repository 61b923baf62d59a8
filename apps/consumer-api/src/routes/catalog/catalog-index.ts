import { NotFound } from '@podcast/contracts';
import { type IndexNeeds, type IndexView, servingView } from '@podcast/corpus-index';
import type { ConsumerCtx } from '../../context.js';

/**
 * The corpus index to answer from when there is one, else undefined
 * (the projection answers). Until the index's first build has read what
 * the answer `needs` the request waits, then is answered 503 with
 * Retry-After, as during a first projection load. No default: a route
 * that forgot its layers would answer empty lists during a first build.
 */
export async function catalogIndexOf(
  ctx: ConsumerCtx,
  needs: IndexNeeds,
): Promise<IndexView | undefined> {
  return ctx.corpusIndex === undefined ? undefined : servingView(ctx.corpusIndex, needs);
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
