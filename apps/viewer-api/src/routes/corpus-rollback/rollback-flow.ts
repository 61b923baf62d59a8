import { DomainError, NotFound } from '@podcast/contracts';
import {
  applyRestore,
  applyRollback,
  type RollbackCorpus,
  type RollbackPlan,
  type RollbackScope,
  requireLayers,
  resolveCorpusRoot,
  rollbackCorpusOfSnapshot,
} from '@podcast/corpus';
import { catalogEpisodeCount, rollbackCorpusOfIndex } from '@podcast/corpus-index';
import { reply, ValidationFailed } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';
import { corpusIndexFor, corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

const BUSY = 'an index rebuild, a topic clustering or another rollback of this corpus is running';

/**
 * The `path` parameter's corpus as a rollback reads it, and how many
 * episodes its catalog holds now: from the corpus index when it serves that
 * corpus, else from the snapshot. Either way only once the layers are read:
 * a plan made from the episodes alone could miss what the layers still
 * being read hold.
 */
async function rollbackCorpusFor(
  ctx: ViewerCtx,
  path: string | undefined,
): Promise<{ corpus: RollbackCorpus; episodeCount: () => Promise<number> }> {
  const index = await corpusIndexFor(ctx, path, 'layers');
  if (index !== undefined) {
    const { db } = index.view;
    return {
      corpus: rollbackCorpusOfIndex(db, index.root),
      episodeCount: () => catalogEpisodeCount(db),
    };
  }
  const snapshot = await corpusSnapshotFor(ctx, path);
  requireLayers(snapshot);
  return {
    corpus: rollbackCorpusOfSnapshot(snapshot),
    episodeCount: async () => (await ctx.corpus.get(snapshot.root)).episodes.length,
  };
}

/**
 * After the files moved: the catalog reads them again at once (the corpus
 * index's ingest when it serves `root`, else a fresh snapshot), so it drops
 * or regains the episodes in this answer, and an incremental search index
 * rebuild starts when the corpus has a search index. A corpus without one
 * gets none: a rollback should not start the first build of a corpus
 * nobody indexed. Returns the catalog's episode count after the change.
 */
async function afterChange(ctx: ViewerCtx, root: string, path: string | undefined) {
  const index = await corpusIndexFor(ctx, path, 'catalog');
  let episodeCount: number;
  if (index === undefined) {
    episodeCount = (await ctx.corpus.refresh(root)).episodes.length;
  } else {
    // Not the ingester: the process that is sees the moved files through its watcher.
    await index.index.ingestNow();
    episodeCount = await catalogEpisodeCount(index.view.db);
    // A snapshot a writer loaded (a search index build) is not left behind either.
    if (ctx.corpus.describe().some((held) => held.root === root)) {
      await ctx.corpus.refresh(root);
    }
  }
  const indexed = (await ctx.search.readMeta(root)) !== undefined;
  const poll = `/api/index/stats?path=${encodeURIComponent(root)}`;
  if (!indexed) {
    return { episodeCount, rebuild: { status: 'not_indexed' as const, poll: null } };
  }
  const start = await ctx.search.rebuild(root, false, undefined, index?.index.location);
  if (start.status === 'started') {
    start.finished.then((event) =>
      ctx.logger.info({ root, ...event }, 'index rebuilt after a corpus change'),
    );
  }
  // `busy`: another process took the gate after ours and rebuilds from the changed files.
  return { episodeCount, rebuild: { status: 'in_progress' as const, poll } };
}

/** Runs `change` behind the corpus's rebuild gate; 409 when it is taken. */
async function gated<T>(ctx: ViewerCtx, root: string, change: () => Promise<T>): Promise<T> {
  const outcome = await ctx.search.exclusive(root, change);
  if (outcome.status === 'busy') {
    throw new DomainError('conflict', BUSY);
  }
  return outcome.value;
}

export interface RollbackRequest {
  scope: RollbackScope;
  id: string;
  query: { path?: string; confirm?: string; dry_run: boolean };
  plan: (corpus: RollbackCorpus, id: string) => Promise<RollbackPlan | undefined>;
}

/**
 * DELETE of a run or an episode: 400 without the matching `confirm` (unless a
 * dry run), 404 when the corpus has no such run or episode, 200 listing what
 * would move for a dry run, 409 while the rebuild gate is taken, else the
 * files move to the trash and the answer is 202.
 */
export async function rollbackFlow(ctx: ViewerCtx, request: RollbackRequest) {
  const { scope, id, query } = request;
  const idField = `${scope}_id`;
  if (!query.dry_run && query.confirm !== id) {
    const message = query.confirm === undefined ? 'is required' : `must equal ${idField}`;
    throw new ValidationFailed([{ field: 'confirm', message }]);
  }
  const { corpus, episodeCount } = await rollbackCorpusFor(ctx, query.path);
  const plan = await request.plan(corpus, id);
  if (plan === undefined) {
    throw new NotFound(`${idField}: this corpus has no ${scope} ${id}`);
  }
  const ids = { scope, [idField]: id };
  if (query.dry_run) {
    return reply(200, {
      dry_run: true as const,
      ...ids,
      would_remove: plan.files,
      episodes: plan.episodes,
    });
  }
  const root = corpus.root;
  const before = await episodeCount();
  const applied = await gated(ctx, root, () => applyRollback(root, plan, ctx.now()));
  ctx.logger.info({ root, scope, id, trash_id: applied.trashId }, 'corpus rollback');
  const after = await afterChange(ctx, root, query.path);
  return reply(202, {
    dry_run: false as const,
    ...ids,
    path: root,
    trash_id: applied.trashId,
    removed: applied.removed,
    episodes_dropped: before - after.episodeCount,
    catalog_episode_count: after.episodeCount,
    cost_rollup_total_usd: applied.cost.total_cost_usd,
    rebuild: after.rebuild,
  });
}

/** POST restore of a trash entry: 404 unknown entry, 409 while the gate is taken, else 200. */
export async function restoreFlow(ctx: ViewerCtx, trashId: string, path: string | undefined) {
  const root = await resolveCorpusRoot(path, ctx.config.corpusRoots);
  const outcome = await gated(ctx, root, () => applyRestore(root, trashId, ctx.now()));
  if (outcome === undefined) {
    throw new NotFound(`trash_id: this corpus has no trash entry ${trashId}`);
  }
  ctx.logger.info({ root, trash_id: trashId, restored: outcome.restored.length }, 'corpus restore');
  const after = await afterChange(ctx, root, path);
  return {
    path: root,
    trash_id: trashId,
    restored: outcome.restored,
    conflicts: outcome.conflicts,
    emptied: outcome.emptied,
    catalog_episode_count: after.episodeCount,
    cost_rollup_total_usd: outcome.cost.total_cost_usd,
    rebuild: after.rebuild,
  };
}
