import type { DirIndex } from '@podcast/corpus';
import { BUILT_MARK, buildMarksOf, CATALOG_MARK, writeBuildMark } from './build-marks.js';
import { deferIndexes, restoreIndexes } from './deferred-indexes.js';
import { type EpisodeScope, rebuildEpisodes, winnersOf, writeCatalogRows } from './episode-sync.js';
import { refreshFeeds } from './feed-rows.js';
import { deleteFileRows, isSame, type ParsedMetadata, writeFileRows } from './file-rows.js';
import { episodesOfUnit, episodesWithoutFile, feedUnitsInTable, rowsOfUnit } from './file-units.js';
import { assertRootPresent, guard, type IngestDeps, type IngestReport } from './ingest-base.js';
import { unitOf } from './key-ranges.js';
import type { FilesTable } from './schema.js';
import { type DiskFile, listDiskFiles } from './tracked-files.js';

export type { IngestDeps, IngestReport } from './ingest-base.js';
export { IngestLockLost } from './ingest-base.js';

type DiskEntry = readonly [string, DiskFile];

/** Every unit the disk or the files table holds, in key order, with its files on disk. */
async function unitsToScan(
  deps: IngestDeps,
  disk: ReadonlyMap<string, DiskFile>,
): Promise<Array<[string, DiskEntry[]]>> {
  const units = new Map<string, DiskEntry[]>([['', []]]);
  for (const unit of await feedUnitsInTable(deps.db)) {
    units.set(unit, []);
  }
  for (const entry of disk) {
    const unit = unitOf(entry[0]);
    const files = units.get(unit);
    if (files === undefined) {
      units.set(unit, [entry]);
    } else {
      files.push(entry);
    }
  }
  return [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A unit's file rows, by path. */
async function knownOf(deps: IngestDeps, unit: string): Promise<Map<string, FilesTable>> {
  return new Map((await rowsOfUnit(deps.db, unit)).map((row) => [row.path, row]));
}

/**
 * Brings one unit's rows of the files table up to the disk; returns them as
 * they now are. The metadata parsed whole goes to `parsed`, when given.
 */
async function syncUnit(
  deps: IngestDeps,
  unit: string,
  onDisk: readonly DiskEntry[],
  disk: ReadonlyMap<string, DiskFile>,
  parsed: ParsedMetadata | undefined,
) {
  const known = await knownOf(deps, unit);
  const removed = [...known.keys()].filter((relpath) => !disk.has(relpath));
  const changed = onDisk.filter(([relpath, file]) => !isSame(known.get(relpath), file));
  for (const row of await writeFileRows(deps, changed, known, parsed)) {
    known.set(row.path, row);
  }
  await deleteFileRows(deps, removed);
  for (const relpath of removed) {
    known.delete(relpath);
  }
  return { known, changed: changed.length, removed: removed.length };
}

async function scopeOf(
  deps: IngestDeps,
  unit: string,
  known: ReadonlyMap<string, FilesTable>,
): Promise<EpisodeScope> {
  return {
    known,
    winners: winnersOf(known.values()),
    indexed: await episodesOfUnit(deps.db, unit),
  };
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

interface Tally {
  changedFiles: number;
  removedFiles: number;
  episodesBuilt: number;
  episodesDeleted: number;
  feedsRefreshed: number;
  touchedFeeds: Set<string>;
}

function count(
  tally: Tally,
  episodes: { built?: number; deleted: number; touchedFeeds: Set<string> },
) {
  tally.episodesBuilt += episodes.built ?? 0;
  tally.episodesDeleted += episodes.deleted;
  for (const feedId of episodes.touchedFeeds) {
    tally.touchedFeeds.add(feedId);
  }
}

/**
 * A first build's layers pass: every unit's episodes rebuilt in full (the
 * catalog rows are all stale), after the catalog was marked and served,
 * with the indexes only readers use made at its end (`deferIndexes`).
 */
async function layersPass(deps: IngestDeps, units: ReadonlyArray<[string, unknown]>, tally: Tally) {
  guard(deps);
  tally.feedsRefreshed += await refreshFeeds(deps.db, tally.touchedFeeds);
  tally.touchedFeeds.clear();
  await writeBuildMark(deps.db, CATALOG_MARK);
  await deps.beforeLayers?.();
  await deferIndexes(deps.db);
  for (const [unit] of units) {
    count(tally, await rebuildEpisodes(deps, await scopeOf(deps, unit, await knownOf(deps, unit))));
  }
  guard(deps);
  await restoreIndexes(deps.db);
}

/** `ingestCorpus`, with the listings of the walk it made (what a watcher then watches). */
export async function ingestWalk(
  deps: IngestDeps,
): Promise<{ report: IngestReport; dirs: DirIndex }> {
  await assertRootPresent(deps);
  // A closing process or a lost lock stops a rescan between two chunks of stats or two
  // folders: a walk with nothing to write reaches no transaction, and takes seconds.
  const disk = await listDiskFiles(deps.root, () => guard(deps));
  const units = await unitsToScan(deps, disk.files);
  const isFirstBuild = !(await buildMarksOf(deps.db)).has(BUILT_MARK);
  const tally: Tally = {
    changedFiles: 0,
    removedFiles: 0,
    episodesBuilt: 0,
    episodesDeleted: 0,
    feedsRefreshed: 0,
    touchedFeeds: new Set(),
  };
  for (const [unit, onDisk] of units) {
    guard(deps);
    const parsed: ParsedMetadata | undefined = isFirstBuild ? new Map() : undefined;
    const files = await syncUnit(deps, unit, onDisk, disk.files, parsed);
    tally.changedFiles += files.changed;
    tally.removedFiles += files.removed;
    const scope = await scopeOf(deps, unit, files.known);
    count(
      tally,
      parsed === undefined
        ? await rebuildEpisodes(deps, scope)
        : await writeCatalogRows(deps, scope, parsed),
    );
  }
  const orphans = await episodesWithoutFile(deps.db);
  count(tally, await rebuildEpisodes(deps, { known: new Map(), winners: [], indexed: orphans }));
  if (isFirstBuild) {
    await layersPass(deps, units, tally);
  }
  tally.feedsRefreshed += await finishIngest(deps, tally.touchedFeeds);
  const { touchedFeeds: _touched, ...counts } = tally;
  return { report: { files: disk.files.size, ...counts }, dirs: disk.dirs };
}

/**
 * One ingest: walks the corpus, compares each file's (path, size, mtime)
 * with the files table one `feeds/<feed>/` folder at a time, re-reads what
 * changed, and rebuilds the rows of the episodes whose files changed, one
 * transaction per batch. A first build runs in two passes: the catalog
 * (episode records and feeds, from the metadata its file rows parsed,
 * which readers serve once it is marked), then the layers (insights,
 * quotes, speakers, topics), marked built when done.
 */
export async function ingestCorpus(deps: IngestDeps): Promise<IngestReport> {
  return (await ingestWalk(deps)).report;
}
