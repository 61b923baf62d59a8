import type { DirIndex } from '@podcast/corpus';
import { BUILT_MARK, buildMarksOf, CATALOG_MARK, writeBuildMark } from './build-marks.js';
import {
  type EpisodeScope,
  INDEXED_COLUMNS,
  rebuildEpisodes,
  winnersOf,
  writeCatalogRows,
} from './episode-sync.js';
import { refreshFeeds } from './feed-rows.js';
import { deleteFileRows, isSame, writeFileRows } from './file-rows.js';
import { guard, type IngestDeps, type IngestReport } from './ingest-base.js';
import type { FilesTable } from './schema.js';
import { type DiskFile, listDiskFiles } from './tracked-files.js';

export type { IngestDeps, IngestReport } from './ingest-base.js';
export { IngestLockLost } from './ingest-base.js';

/** Brings the files table up to the disk; returns the file rows as they now are. */
async function syncFiles(deps: IngestDeps, disk: ReadonlyMap<string, DiskFile>) {
  const rows = await deps.db.selectFrom('files').selectAll().execute();
  const known = new Map<string, FilesTable>(rows.map((row) => [row.path, row]));
  const removed = rows.filter((row) => !disk.has(row.path)).map((row) => row.path);
  const changed = [...disk].filter(([relpath, file]) => !isSame(known.get(relpath), file));
  for (const row of await writeFileRows(deps, changed, known)) {
    known.set(row.path, row);
  }
  await deleteFileRows(deps, removed);
  for (const relpath of removed) {
    known.delete(relpath);
  }
  return { known, changed: changed.length, removed: removed.length };
}

/** Rebuilds the feeds an ingest touched, then marks the index built (readers wait for the first). */
export async function finishIngest(
  deps: IngestDeps,
  touchedFeeds: ReadonlySet<string>,
): Promise<number> {
  guard(deps);
  const feedsRefreshed = await refreshFeeds(deps.db, touchedFeeds);
  await writeBuildMark(deps.db, BUILT_MARK);
  return feedsRefreshed;
}

const indexedEpisodesOf = (deps: IngestDeps) =>
  deps.db.selectFrom('episodes').select(INDEXED_COLUMNS).execute();

/**
 * A first build's catalog pass, when the index has never been built whole:
 * every winner's catalog row and every feed row, then the catalog mark,
 * from which readers serve what needs no layer. Returns the scope the
 * layers pass then rebuilds, and what this pass deleted and refreshed.
 */
async function catalogPass(deps: IngestDeps, scope: EpisodeScope) {
  if ((await buildMarksOf(deps.db)).has(BUILT_MARK)) {
    return { scope, deleted: 0, feedsRefreshed: 0 };
  }
  const catalog = await writeCatalogRows(deps, scope);
  guard(deps);
  const feedsRefreshed = await refreshFeeds(deps.db, catalog.touchedFeeds);
  await writeBuildMark(deps.db, CATALOG_MARK);
  await deps.beforeLayers?.();
  const indexed = await indexedEpisodesOf(deps);
  return { scope: { ...scope, indexed }, deleted: catalog.deleted, feedsRefreshed };
}

/** `ingestCorpus`, with the listings of the walk it made (what a watcher then watches). */
export async function ingestWalk(
  deps: IngestDeps,
): Promise<{ report: IngestReport; dirs: DirIndex }> {
  const disk = await listDiskFiles(deps.root);
  const files = await syncFiles(deps, disk.files);
  const winners = winnersOf(files.known.values());
  const indexed = await indexedEpisodesOf(deps);
  const catalog = await catalogPass(deps, { known: files.known, winners, indexed });
  const episodes = await rebuildEpisodes(deps, catalog.scope);
  const feedsRefreshed = await finishIngest(deps, episodes.touchedFeeds);
  const report = {
    files: disk.files.size,
    changedFiles: files.changed,
    removedFiles: files.removed,
    episodesBuilt: episodes.built,
    episodesDeleted: catalog.deleted + episodes.deleted,
    feedsRefreshed: catalog.feedsRefreshed + feedsRefreshed,
  };
  return { report, dirs: disk.dirs };
}

/**
 * One ingest: walks the corpus, compares each file's (path, size, mtime)
 * with the files table, re-reads what changed, and rebuilds the rows of
 * the episodes whose files changed, one transaction per batch. A first
 * build runs in two passes: the catalog (episode records and feeds, which
 * readers serve once it is marked), then the layers (insights, quotes,
 * speakers, topics), marked built when done.
 */
export async function ingestCorpus(deps: IngestDeps): Promise<IngestReport> {
  return (await ingestWalk(deps)).report;
}
