import { DomainError, MAX_QUEUE, NotFound, type Queue } from '@podcast/contracts';
import { addQueueItem, getQueue, removeQueueItem, replaceQueue } from '@podcast/db';
import type { UserStateDeps } from './deps.js';
import { heldSlugsIn, shownRowsIn } from './shown-rows.js';

/** The play queue without the episodes that left the corpus (shown-rows.ts). */
export async function getUserQueue(deps: UserStateDeps, userId: string): Promise<Queue> {
  const queue = await getQueue(deps.db, userId);
  return { items: await shownRowsIn(deps, queue.items, (slug) => ({ slug })) };
}

/** One refused item of a queue replacement, named as the request body names it. */
export interface QueueItemProblem {
  field: string;
  message: string;
}

export type QueueReplacement =
  | { ok: true; queue: Queue }
  | { ok: false; problems: QueueItemProblem[] };

/**
 * Replaces the whole queue when every slug is in the corpus; otherwise stores
 * nothing and names each unknown item (`body.items.<index>`).
 */
export async function replaceUserQueue(
  deps: UserStateDeps,
  userId: string,
  slugs: readonly string[],
): Promise<QueueReplacement> {
  const held = await heldSlugsIn(deps, slugs);
  const problems = slugs.flatMap((slug, index) =>
    held.has(slug)
      ? []
      : [{ field: `body.items.${index}`, message: `no episode with slug ${slug}` }],
  );
  if (problems.length > 0) {
    return { ok: false, problems };
  }
  return { ok: true, queue: await replaceQueue(deps.db, userId, slugs) };
}

export interface QueueItemAdded {
  /** false when the episode was queued already (a replay). */
  isNew: boolean;
  queue: Queue;
}

/**
 * Adds one corpus episode after `after` (or at the end); idempotent, so an
 * offline client can replay it. NotFound for a slug the corpus lacks; a
 * conflict when the queue is full (MAX_QUEUE, checked in the transaction).
 */
export async function addUserQueueItem(
  deps: UserStateDeps,
  userId: string,
  slug: string,
  after: string | undefined,
): Promise<QueueItemAdded> {
  if (!(await heldSlugsIn(deps, [slug])).has(slug)) {
    throw new NotFound(`no episode with slug ${slug}`);
  }
  const added = await addQueueItem(deps.db, userId, slug, after, MAX_QUEUE);
  if (added.status === 'full') {
    throw new DomainError('conflict', `the queue already holds ${MAX_QUEUE} episodes, its limit`);
  }
  const items = await shownRowsIn(deps, added.queue.items, (item) => ({ slug: item }));
  return { isNew: added.status === 'added', queue: { items } };
}

/** Removes one episode from the queue; idempotent (an absent slug changes nothing). */
export async function removeUserQueueItem(
  deps: UserStateDeps,
  userId: string,
  slug: string,
): Promise<Queue> {
  const queue = await removeQueueItem(deps.db, userId, slug);
  return { items: await shownRowsIn(deps, queue.items, (item) => ({ slug: item })) };
}
