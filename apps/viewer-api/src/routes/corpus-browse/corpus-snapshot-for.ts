import { relative, sep } from 'node:path';
import { NotFound } from '@podcast/contracts';
import {
  assertRelativePath,
  type CorpusPlace,
  type CorpusSnapshot,
  type EpisodeRecord,
  isCorpusLayout,
  locateCorpusPath,
  resolveCorpusRoot,
} from '@podcast/corpus';
import {
  type CorpusIndex,
  findEpisodeByRelpath,
  holdsEpisodesUnder,
  type IndexKysely,
  type IndexLocation,
  type IndexNeeds,
  type IndexView,
  servingView,
} from '@podcast/corpus-index';
import type { ViewerCtx } from '../../context.js';

/** The snapshot of the `path` parameter's corpus (CORPUS_DIR when absent); 403 outside CORPUS_ROOTS. */
export async function corpusSnapshotFor(ctx: ViewerCtx, requested: string | undefined) {
  const root = await resolveCorpusRoot(requested, ctx.config.corpusRoots);
  return ctx.corpus.get(root);
}

/** What finding a corpus's index reads of the context. */
type IndexCtx = Pick<ViewerCtx, 'config' | 'corpusIndex' | 'corpusIndexes'>;

/**
 * Whether each folder inside a root is a corpus of its own (laid out as one,
 * holding none of the root's episodes), decided once per data version of the
 * root's index, so a request pays no stat or query for it.
 */
const ownCorporaOfVersion = new WeakMap<object, Map<string, boolean>>();

async function isOwnCorpus(index: CorpusIndex, root: string, dir: string): Promise<boolean> {
  const view = await servingView(index, 'catalog');
  let folders = ownCorporaOfVersion.get(view.version);
  if (folders === undefined) {
    folders = new Map();
    ownCorporaOfVersion.set(view.version, folders);
  }
  let own = folders.get(dir);
  if (own === undefined) {
    const prefix = relative(root, dir).split(sep).join('/');
    own = isCorpusLayout(dir) && !(await holdsEpisodesUnder(view.db, prefix));
    folders.set(dir, own);
  }
  return own;
}

/**
 * The corpus index that answers the `path` parameter's corpus, or
 * undefined where the projection does (CORPUS_INDEX=projection, and a
 * folder inside a root that holds the root's episodes or is no corpus,
 * served as a view of the root's snapshot). The default root's is the
 * shared one; each configured root has its own; a corpus in a folder
 * inside a root (a folder of corpora) has one of the bounded pool's.
 */
async function corpusIndexOf(
  ctx: IndexCtx,
  requested: string | undefined,
): Promise<{ root: string; index: CorpusIndex } | undefined> {
  const { corpusIndex, corpusIndexes } = ctx;
  if (corpusIndex === undefined || corpusIndexes === undefined) {
    return undefined;
  }
  const roots = ctx.config.corpusRoots;
  const { root: base, dir } = locateCorpusPath(requested, roots);
  if (dir === roots.defaultRoot || dir === locateCorpusPath(undefined, roots).dir) {
    return { root: dir, index: corpusIndex };
  }
  if (base === dir) {
    return { root: dir, index: corpusIndexes.indexOf(dir, true) };
  }
  const baseIndex = (await corpusIndexOf(ctx, base))?.index;
  if (baseIndex === undefined || !(await isOwnCorpus(baseIndex, base, dir))) {
    return undefined;
  }
  return { root: dir, index: corpusIndexes.indexOf(dir, false) };
}

/**
 * The corpus index with its root when it answers the `path` parameter's
 * corpus (`corpusIndexOf`), else undefined (the projection answers). Until
 * the index's first build has read what the answer `needs` the request
 * waits, then is answered 503 with Retry-After, as during a first
 * projection load. No default: a route that forgot its layers would answer
 * empty lists during a first build.
 */
export async function corpusIndexFor(
  ctx: IndexCtx,
  requested: string | undefined,
  needs: IndexNeeds,
): Promise<{ root: string; index: CorpusIndex; view: IndexView } | undefined> {
  const found = await corpusIndexOf(ctx, requested);
  return found && { ...found, view: await servingView(found.index, needs) };
}

/**
 * Where the corpus index that catalogs the `path` parameter's corpus is,
 * for a process of its own (the search index build), once its catalog is
 * served; undefined when the projection answers that corpus.
 */
export async function catalogIndexFor(
  ctx: ViewerCtx,
  requested: string | undefined,
): Promise<IndexLocation | undefined> {
  return (await corpusIndexFor(ctx, requested, 'catalog'))?.index.location;
}

const versionPlaces = new WeakMap<object, CorpusPlace>();

/**
 * The `path` parameter's corpus as a place to read side files from: the
 * snapshot, or the index's root when the index serves it, as one object
 * per data version, so what is cached per place is made again after each
 * commit as it is after each new snapshot.
 */
export async function corpusPlaceFor(
  ctx: ViewerCtx,
  requested: string | undefined,
): Promise<CorpusPlace> {
  const index = await corpusIndexFor(ctx, requested, 'catalog');
  if (index === undefined) {
    return corpusSnapshotFor(ctx, requested);
  }
  let place = versionPlaces.get(index.view.version);
  if (place === undefined) {
    place = { root: index.root, caches: ctx.corpus.caches };
    versionPlaces.set(index.view.version, place);
  }
  return place;
}

/**
 * `answer` over the `path` parameter's snapshot, led by the corpus root as
 * `path`: every corpus answer names the root it was read from.
 */
export async function answerForCorpus<T extends object>(
  ctx: ViewerCtx,
  requested: string | undefined,
  answer: (snapshot: CorpusSnapshot) => T | Promise<T>,
): Promise<{ path: string } & T> {
  const snapshot = await corpusSnapshotFor(ctx, requested);
  return { path: snapshot.root, ...(await answer(snapshot)) };
}

/**
 * `answer` as `answerForCorpus` gives it, from the shared index when it
 * answers the `path` parameter's corpus (`corpusIndexFor`), else from the snapshot.
 */
export async function answerForIndexedCorpus<T extends object>(
  ctx: ViewerCtx,
  requested: string | undefined,
  answer: {
    index: (db: IndexKysely, root: string) => Promise<T>;
    snapshot: (snapshot: CorpusSnapshot) => T | Promise<T>;
    /** What the index's answer reads. */
    needs: IndexNeeds;
  },
): Promise<{ path: string } & T> {
  const index = await corpusIndexFor(ctx, requested, answer.needs);
  if (index === undefined) {
    return answerForCorpus(ctx, requested, answer.snapshot);
  }
  return { path: index.root, ...(await answer.index(index.view.db, index.root)) };
}

/**
 * The catalog episode whose metadata file is `metadataRelpath`: 400 for an
 * absolute or climbing path, 404 for a file that is no catalog episode.
 */
export async function catalogEpisodeAt(
  ctx: ViewerCtx,
  requested: string | undefined,
  metadataRelpath: string,
) {
  assertRelativePath(metadataRelpath, 'metadata_relpath');
  const snapshot = await corpusSnapshotFor(ctx, requested);
  const episode = snapshot.findEpisodeByRelpath(metadataRelpath);
  if (episode === undefined) {
    throw noCatalogEpisodeAt(metadataRelpath);
  }
  return { snapshot, episode };
}

/**
 * The same catalog episode with the place its side files are read from:
 * asked of the corpus index when it serves the root, else of the snapshot.
 */
export async function catalogEpisodePlaceAt(
  ctx: ViewerCtx,
  requested: string | undefined,
  metadataRelpath: string,
): Promise<{ place: CorpusPlace; episode: EpisodeRecord }> {
  assertRelativePath(metadataRelpath, 'metadata_relpath');
  const index = await corpusIndexFor(ctx, requested, 'catalog');
  if (index === undefined) {
    const { snapshot, episode } = await catalogEpisodeAt(ctx, requested, metadataRelpath);
    return { place: snapshot, episode };
  }
  const episode = await findEpisodeByRelpath(index.view.db, metadataRelpath);
  if (episode === undefined) {
    throw noCatalogEpisodeAt(metadataRelpath);
  }
  return { place: ctx.corpus.at(index.root), episode };
}

/** The 404 of a metadata path that names no catalog episode, the same words whichever store answers. */
export function noCatalogEpisodeAt(metadataRelpath: string): NotFound {
  return new NotFound(`metadata_relpath: no catalog episode at ${metadataRelpath}`);
}
