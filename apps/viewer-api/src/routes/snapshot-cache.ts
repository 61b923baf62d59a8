import { type CorpusSnapshot, clusterFilesStamp } from '@podcast/corpus';
import type { ViewerCtx } from '../context.js';
import { corpusSnapshotFor } from './corpus-browse/corpus-snapshot-for.js';

interface CorpusInput {
  ctx: ViewerCtx;
  query: { path?: string | undefined };
}

const scope = ({ ctx, query }: CorpusInput) => corpusSnapshotFor(ctx, query.path);

/**
 * Response caching for routes answering from the corpus snapshot alone: a
 * refresh makes a new snapshot, hence a fresh cache (see http-kit).
 */
export const snapshotCache = { scope };

/** For answers that also read the cluster files beside the snapshot. */
export const snapshotAndClustersCache = {
  scope,
  vary: (_input: CorpusInput, snapshot: CorpusSnapshot) => clusterFilesStamp(snapshot.root),
};

const utcDay = (input: CorpusInput) => input.ctx.now().toISOString().slice(0, 10);

/** For time-windowed answers from the snapshot alone: they also change with the UTC day. */
export const dailySnapshotCache = { scope, vary: utcDay };

/** For time-windowed answers that also read the cluster files. */
export const dailySnapshotAndClustersCache = {
  scope,
  vary: (input: CorpusInput, snapshot: CorpusSnapshot) =>
    `${utcDay(input)}|${clusterFilesStamp(snapshot.root)}`,
};
