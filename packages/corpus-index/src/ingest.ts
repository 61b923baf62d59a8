import type { DirIndex } from '@podcast/corpus';
import { inWriteTransaction } from './dialect.js';
import { INDEXED_COLUMNS, rebuildEpisodes, winnersOf } from './episode-sync.js';
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
  await inWriteTransaction(deps.db, (trx) =>
    trx
      .insertInto('index_meta')
      .values({ key: 'built_at', value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute(),
  );
  return feedsRefreshed;
}

/** `ingestCorpus`, with the listings of the walk it made (what a watcher then watches). */
export async function ingestWalk(
  deps: IngestDeps,
): Promise<{ report: IngestReport; dirs: DirIndex }> {
  const disk = await listDiskFiles(deps.root);
  const files = await syncFiles(deps, disk.files);
  const indexed = await deps.db.selectFrom('episodes').select(INDEXED_COLUMNS).execute();
  const winners = winnersOf(files.known.values());
  const episodes = await rebuildEpisodes(deps, { known: files.known, winners, indexed });
  const feedsRefreshed = await finishIngest(deps, episodes.touchedFeeds);
  const report = {
    files: disk.files.size,
    changedFiles: files.changed,
    removedFiles: files.removed,
    episodesBuilt: episodes.built,
    episodesDeleted: episodes.deleted,
    feedsRefreshed,
  };
  return { report, dirs: disk.dirs };
}

/**
 * One ingest: walks the corpus, compares each file's (path, size, mtime)
 * with the files table, re-reads what changed, and rebuilds the rows of
 * the episodes whose files changed, one transaction per batch. The first
 * finished ingest marks the index built, which readers wait for.
 */
export async function ingestCorpus(deps: IngestDeps): Promise<IngestReport> {
  return (await ingestWalk(deps)).report;
}
