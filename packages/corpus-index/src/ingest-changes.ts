import {
  type ChangeMarks,
  type DirIndex,
  metadataOwnersOf,
  sentimentSidecarOwnersOf,
  type WalkResult,
  walkCorpus,
} from '@podcast/corpus';
import {
  episodeFilesOf,
  INDEXED_COLUMNS,
  type IndexedEpisode,
  rebuildEpisodes,
  winnersOf,
} from './episode-sync.js';
import { refreshFeeds } from './feed-rows.js';
import { deleteFileRows, groupOf, isSame, knownFilesOf, writeFileRows } from './file-rows.js';
import type { IndexKysely } from './index-file.js';
import {
  assertRootPresent,
  guard,
  type IngestDeps,
  type IngestReport,
  nameListsOf,
} from './ingest-base.js';
import { endOf } from './key-ranges.js';
import type { FilesTable } from './schema.js';
import { type DiskFile, diskFileOf, trackedIn } from './tracked-files.js';

/** The rows of the files under `prefix` (which ends in '/'): a range of the files table's key. */
function rowsUnder(db: IndexKysely, prefix: string): Promise<FilesTable[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('path', '>=', prefix)
    .where('path', '<', endOf(prefix))
    .execute();
}

/** What the watched changes moved: files read anew, files gone, and the rows they had before. */
interface DiskChanges {
  changed: Map<string, DiskFile>;
  removed: Set<string>;
  before: Map<string, FilesTable>;
}

/** Files that came or went in the directories the walk listed again or dropped. */
async function listingChanges(deps: IngestDeps, walk: WalkResult, found: DiskChanges) {
  for (const dir of walk.relisted) {
    const listing = walk.dirs.get(dir);
    if (listing === undefined) {
      continue;
    }
    const prefix = `${dir}/`;
    const rows = (await rowsUnder(deps.db, prefix)).filter(
      (row) => !row.path.includes('/', prefix.length),
    );
    const listed = new Map(trackedIn(dir, listing));
    for (const row of rows) {
      found.before.set(row.path, row);
      if (!listed.has(row.path)) {
        found.removed.add(row.path);
      }
    }
    for (const [relpath, kind] of listed) {
      const file = found.before.has(relpath) ? undefined : diskFileOf(deps.root, relpath, kind);
      if (file !== undefined) {
        found.changed.set(relpath, file);
      }
    }
  }
  for (const dir of walk.gone ?? []) {
    for (const row of await rowsUnder(deps.db, `${dir}/`)) {
      found.before.set(row.path, row);
      found.removed.add(row.path);
    }
  }
}

/** The named files the index holds whose (size, mtime) moved, or that are gone. */
async function namedChanges(deps: IngestDeps, named: ReadonlySet<string>, found: DiskChanges) {
  const rows = await knownFilesOf(
    deps.db,
    [...named].filter((relpath) => !found.before.has(relpath)),
  );
  for (const relpath of named) {
    const row = found.before.get(relpath) ?? rows.get(relpath);
    if (row === undefined || found.removed.has(relpath) || found.changed.has(relpath)) {
      continue;
    }
    found.before.set(relpath, row);
    const file = diskFileOf(deps.root, relpath, row.kind);
    if (file === undefined) {
      found.removed.add(relpath);
    } else if (!isSame(row, file)) {
      found.changed.set(relpath, file);
    }
  }
}

/** The metadata files whose episodes the changed files may change: themselves, or their owners. */
function touchedMetadataOf(changes: DiskChanges): Set<string> {
  const touched = new Set<string>();
  for (const relpath of [...changes.changed.keys(), ...changes.removed]) {
    const kind = changes.changed.get(relpath)?.kind ?? changes.before.get(relpath)?.kind;
    const owners =
      kind === 'metadata'
        ? [relpath]
        : kind === 'sentiment'
          ? sentimentSidecarOwnersOf(relpath)
          : metadataOwnersOf(relpath);
    for (const owner of owners) {
      touched.add(owner);
    }
  }
  return touched;
}

async function indexedOf(db: IndexKysely, relpaths: Iterable<string>) {
  const indexed: IndexedEpisode[] = [];
  for (const list of nameListsOf(relpaths)) {
    indexed.push(
      ...(await db
        .selectFrom('episodes')
        .select(INDEXED_COLUMNS)
        .where('metadata_relpath', 'in', list)
        .execute()),
    );
  }
  return indexed;
}

/** Rebuilds the episodes of the touched metadata files, with every member of their dedup groups. */
async function syncTouched(deps: IngestDeps, touched: Set<string>, changes: DiskChanges) {
  const current = await knownFilesOf(deps.db, touched);
  const candidates = new Map(current);
  // A file's old group too: a member that left it may leave another member the winner.
  const keyed = [...touched].flatMap((relpath) =>
    [changes.before.get(relpath), current.get(relpath)].filter((row) => row !== undefined),
  );
  for (const row of keyed) {
    for (const mate of await groupOf(deps.db, row)) {
      candidates.set(mate.path, mate);
    }
  }
  const winners = winnersOf(candidates.values());
  const known = await knownFilesOf(deps.db, winners.flatMap(episodeFilesOf));
  const indexed = await indexedOf(deps.db, new Set([...touched, ...candidates.keys()]));
  return rebuildEpisodes(deps, { known, winners, indexed });
}

/**
 * An ingest of what a watcher reported: the directories it named are
 * listed again (with the new ones found in them, from `listings`, the
 * walk's last listings), the files it named are statted, and only the
 * episodes those files belong to, with the other members of their dedup
 * groups, are rebuilt. Its cost follows the change, not the corpus. A
 * change at the corpus root takes `ingestCorpus` instead.
 */
export async function ingestChanges(
  deps: IngestDeps,
  listings: DirIndex,
  marks: ChangeMarks,
): Promise<{ report: IngestReport; walk: WalkResult }> {
  await assertRootPresent(deps);
  const walk = await walkCorpus(deps.root, {
    previous: listings,
    forceList: marks.dirtyDirs,
    trustPrevious: true,
    nowMs: Date.now(),
    sidecars: true,
  });
  const changes: DiskChanges = { changed: new Map(), removed: new Set(), before: new Map() };
  await listingChanges(deps, walk, changes);
  await namedChanges(deps, marks.dirtyFiles, changes);
  await writeFileRows(deps, [...changes.changed], changes.before);
  await deleteFileRows(deps, [...changes.removed]);
  const episodes = await syncTouched(deps, touchedMetadataOf(changes), changes);
  guard(deps);
  const feedsRefreshed = await refreshFeeds(deps.db, episodes.touchedFeeds);
  const report = {
    files: new Set([...changes.before.keys(), ...changes.changed.keys()]).size,
    changedFiles: changes.changed.size,
    removedFiles: changes.removed.size,
    episodesBuilt: episodes.built,
    episodesDeleted: episodes.deleted,
    feedsRefreshed,
    filesReadAhead: 0,
    episodesWrittenBehind: 0,
  };
  return { report, walk };
}
