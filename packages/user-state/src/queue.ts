import type { Queue } from '@podcast/contracts';
import { getQueue, replaceQueue } from '@podcast/db';
import type { UserStateDeps } from './deps.js';
import { isInCorpus, shownRows } from './shown-rows.js';

/** The play queue without the episodes that left the corpus (shown-rows.ts). */
export async function getUserQueue(deps: UserStateDeps, userId: string): Promise<Queue> {
  const [snapshot, queue] = await Promise.all([deps.snapshot(), getQueue(deps.db, userId)]);
  return { items: shownRows(snapshot, queue.items, (slug) => ({ slug })) };
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
  const snapshot = await deps.snapshot();
  const problems = slugs.flatMap((slug, index) =>
    isInCorpus(snapshot, { slug })
      ? []
      : [{ field: `body.items.${index}`, message: `no episode with slug ${slug}` }],
  );
  if (problems.length > 0) {
    return { ok: false, problems };
  }
  return { ok: true, queue: await replaceQueue(deps.db, userId, slugs) };
}
