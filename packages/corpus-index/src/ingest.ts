import { setImmediate as nextTurn } from 'node:timers/promises';
import { type DirIndex, prefetchInWorkers } from '@podcast/corpus';
import { BUILT_MARK, buildMarksOf, CATALOG_MARK, writeBuildMark } from './build-marks.js';
import {
  CATALOG_INDEXES,
  deferIndexes,
  LAYER_INDEXES,
  restoreIndexes,
} from './deferred-indexes.js';
import { inWriteTransaction } from './dialect.js';
import {
  type EpisodeScope,
  type RowsDeps,
  rebuildEpisodes,
  winnersOf,
  writeCatalogRows,
} from './episode-sync.js';
import { indexedFeedIds, refreshFeeds } from './feed-rows.js';
import { deleteFileRows, isSame, type ParsedMetadata, writeFileRows } from './file-rows.js';
import { episodesOfUnit, episodesWithoutFile, feedUnitsInTable, rowsOfUnit } from './file-units.js';
import { assertRootPresent, guard, type IngestDeps, type IngestReport } from './ingest-base.js';
import { unitOf } from './key-ranges.js';
import { startRowsWriter } from './rows-writer.js';
import type { FilesTable } from './schema.js';
import { type DiskFile, listDiskFiles } from './tracked-files.js';
import {
  endUnsyncedBuild,
  leaveUnsyncedBuild,
  startUnsyncedBuild,
  UNSYNCED_MARK,
} from './unsynced-build.js';
import { recountTopics } from './write-batch.js';

export type { IngestDeps, IngestReport } from './ingest-base.js';
export { IngestLockLost } from './ingest-base.js';

type DiskEntry = readonly [string, DiskFile];

/** A unit's key and its files on disk. */
type Unit = [string, DiskEntry[]];

/** Every unit the disk or the files table holds, in key order, with its files on disk. */
async function unitsToScan(deps: IngestDeps, disk: ReadonlyMap<string, DiskFile>): Promise<Unit[]> {
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
  filesReadAhead: number;
  episodesWrittenBehind: number;
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
 * Ends a first build's catalog pass: makes the catalog's indexes, counts
 * every feed the index holds, and marks the catalog, which readers then
 * serve. Every feed, not only those this pass touched: a pass cut off
 * earlier committed catalog rows whose feeds it never counted.
 */
async function finishCatalogPass(deps: IngestDeps, tally: Tally) {
  guard(deps);
  await restoreIndexes(deps.db, CATALOG_INDEXES);
  for (const feedId of await indexedFeedIds(deps.db)) {
    tally.touchedFeeds.add(feedId);
  }
  tally.feedsRefreshed += await refreshFeeds(deps.db, tally.touchedFeeds);
  tally.touchedFeeds.clear();
  await writeBuildMark(deps.db, CATALOG_MARK);
}

/**
 * A first build's layers pass: every unit's episodes rebuilt in full (the
 * catalog rows are all stale), after the catalog was marked and served,
 * with the layer indexes only readers use made at its end (`deferIndexes`).
 */
async function layersPass(
  deps: IngestDeps,
  units: readonly Unit[],
  tally: Tally,
  unsynced: boolean,
) {
  await deps.beforeLayers?.();
  await deferIndexes(deps.db, LAYER_INDEXES);
  const ahead = readAheadOf(deps, units, (kind) => kind !== 'metadata');
  tally.filesReadAhead += ahead.files;
  // A build big enough to read ahead (a worker's start is a fraction of a second) writes behind.
  // The topics' running counts are made once, after the last batch (`recountTopics`).
  const writeOptions = { topicCounts: false };
  const writer =
    deps.file === undefined || ahead.files === 0
      ? undefined
      : startRowsWriter(deps.file, deps.logger, { unsynced, write: writeOptions });
  const layerDeps: RowsDeps =
    writer === undefined
      ? { ...deps, writeOptions }
      : {
          ...deps,
          writeRows: (gone, written) => {
            tally.episodesWrittenBehind += written.length;
            return writer.write(gone, written);
          },
        };
  try {
    for (const [unit] of units) {
      const known = await knownOf(deps, unit);
      count(tally, await rebuildEpisodes(layerDeps, await scopeOf(deps, unit, known)));
    }
    await writer?.drain();
  } finally {
    await Promise.all([ahead.stop(), writer?.close()]);
  }
  guard(deps);
  await inWriteTransaction(deps.db, recountTopics);
  await restoreIndexes(deps.db, LAYER_INDEXES);
}

/**
 * One worker keeps ahead of the main thread, which reads a file in a small
 * part of the time it spends writing its rows; more competed with it for
 * a two-core machine's other core when the page cache held the files.
 */
const READ_AHEAD_WORKERS = 1;

/** From this many files a first build reads, a worker reads them ahead (a smaller build ends first). */
const READ_AHEAD_FROM = 2000;

/**
 * A worker reading a first build's files of some kinds ahead of it, in the
 * order it reads them (unit by unit): the catalog pass's metadata, then the
 * layers pass's layer files and sidecars. On a cold page cache the main
 * thread then finds them read rather than wait on the disk between its
 * writes; a batch the cache holds costs the worker a sample of eight reads.
 * `files`: how many it was given (0 when none started).
 */
function readAheadOf(
  deps: IngestDeps,
  units: readonly Unit[],
  wanted: (kind: DiskFile['kind']) => boolean,
): { files: number; stop(): Promise<void> } {
  const relpaths = units.flatMap(([, entries]) =>
    entries.filter(([, file]) => wanted(file.kind)).map(([relpath]) => relpath),
  );
  const prefetch =
    relpaths.length >= (deps.readAheadFrom ?? READ_AHEAD_FROM)
      ? prefetchInWorkers(deps.root, relpaths, deps.logger, { workers: READ_AHEAD_WORKERS })
      : undefined;
  return {
    files: prefetch === undefined ? 0 : relpaths.length,
    stop: async () => prefetch?.stop(),
  };
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
  const marks = await buildMarksOf(deps.db);
  const isFirstBuild = !marks.has(BUILT_MARK);
  // A mark of this boot on a built index (another holder was cut off after `built_at`) ends here.
  const unsynced =
    deps.file !== undefined &&
    (isFirstBuild ? await startUnsyncedBuild(deps.db) : marks.has(UNSYNCED_MARK));
  const ahead = isFirstBuild ? readAheadOf(deps, units, (kind) => kind === 'metadata') : undefined;
  let ingested: Awaited<ReturnType<typeof ingestUnits>>;
  try {
    if (isFirstBuild && !marks.has(CATALOG_MARK)) {
      await deferIndexes(deps.db, CATALOG_INDEXES);
    }
    ingested = await ingestUnits(deps, disk, units, isFirstBuild, unsynced);
    if (unsynced && deps.file !== undefined) {
      guard(deps);
      await endUnsyncedBuild(deps.db, deps.file);
    }
  } catch (err) {
    if (unsynced) {
      await leaveUnsyncedBuild(deps.db).catch(() => undefined);
    }
    throw err;
  } finally {
    await ahead?.stop();
  }
  ingested.report.filesReadAhead += ahead?.files ?? 0;
  return ingested;
}

/** `ingestWalk` once the walk is made: every unit in key order, then a first build's layers. */
async function ingestUnits(
  deps: IngestDeps,
  disk: { files: ReadonlyMap<string, DiskFile>; dirs: DirIndex },
  units: readonly Unit[],
  isFirstBuild: boolean,
  unsynced: boolean,
): Promise<{ report: IngestReport; dirs: DirIndex }> {
  const tally: Tally = {
    changedFiles: 0,
    removedFiles: 0,
    episodesBuilt: 0,
    episodesDeleted: 0,
    feedsRefreshed: 0,
    filesReadAhead: 0,
    episodesWrittenBehind: 0,
    touchedFeeds: new Set(),
  };
  for (const [unit, onDisk] of units) {
    // better-sqlite3 answers synchronously, and a folder with nothing to write commits nothing:
    // a turn per folder keeps timers (the ingest lock's heartbeat) running through a rescan.
    await nextTurn();
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
    await finishCatalogPass(deps, tally);
    await layersPass(deps, units, tally, unsynced);
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
