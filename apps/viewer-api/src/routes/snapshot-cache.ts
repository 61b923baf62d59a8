import { type CorpusSnapshot, clusterFilesStamp } from '@podcast/corpus';
import type { ViewerCtx } from '../context.js';
import { corpusIndexFor, corpusSnapshotFor } from './corpus-browse/corpus-snapshot-for.js';

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

/** The root of each index data version a scope below returned: the cluster files lie there. */
const rootOfVersion = new WeakMap<object, string>();

/**
 * For routes an index answers when it serves the `path` parameter's
 * corpus: then the scope is the index's data version, which each commit replaces.
 */
export const indexedSnapshotCache = {
  scope: async (input: CorpusInput): Promise<object> => {
    const index = await corpusIndexFor(input.ctx, input.query.path, 'catalog');
    if (index === undefined) {
      return scope(input);
    }
    rootOfVersion.set(index.view.version, index.root);
    return index.view.version;
  },
};

/**
 * For the graph answers that carry insight sentiment: cached per index
 * version when the index serves the corpus (sidecars are tracked files, so
 * a changed one is a new version), and never on the projection, which
 * reads the sidecars when it answers (no scope: uncached).
 */
export const indexedSentimentCache = {
  scope: async (input: CorpusInput): Promise<object | undefined> =>
    (await corpusIndexFor(input.ctx, input.query.path, 'layers'))?.view.version,
};

/**
 * For answers that also read the cluster files beside the snapshot, or
 * beside the root of the index that answers.
 */
export const indexedSnapshotAndClustersCache = {
  scope: indexedSnapshotCache.scope,
  vary: ({ ctx }: CorpusInput, scoped: object) =>
    clusterFilesStamp(
      'root' in scoped
        ? (scoped as CorpusSnapshot).root
        : (rootOfVersion.get(scoped) ?? ctx.config.corpusRoots.defaultRoot),
    ),
};

/** For answers that also read the cluster files beside the snapshot. */
export const snapshotAndClustersCache = {
  scope,
  vary: (_input: CorpusInput, snapshot: CorpusSnapshot) => clusterFilesStamp(snapshot.root),
};

const utcDay = (input: CorpusInput) => input.ctx.now().toISOString().slice(0, 10);

/**
 * For time-windowed answers from the snapshot, or from the shared index
 * when it answers: they also change with the UTC day.
 */
export const dailyIndexedSnapshotCache = { scope: indexedSnapshotCache.scope, vary: utcDay };

/**
 * For time-windowed answers that also read the cluster files, from the
 * shared index when it answers: its data version, the UTC day and the
 * cluster files' stamp.
 */
export const dailyIndexedSnapshotAndClustersCache = {
  scope: indexedSnapshotCache.scope,
  vary: (input: CorpusInput, scoped: object) =>
    `${utcDay(input)}|${indexedSnapshotAndClustersCache.vary(input, scoped)}`,
};

interface EpisodesInput {
  ctx: ViewerCtx;
  query: { path?: string | undefined; topic_cluster_only?: boolean | undefined };
}

/**
 * For the episode list: the index's data version when the index answers
 * (each commit replaces it), else the snapshot; with `topic_cluster_only`
 * the answer also varies with the cluster files beside either.
 */
export const indexedEpisodesCache = {
  scope: indexedSnapshotCache.scope,
  vary: (input: EpisodesInput, scoped: object) =>
    input.query.topic_cluster_only === true
      ? indexedSnapshotAndClustersCache.vary(input, scoped)
      : '',
};
