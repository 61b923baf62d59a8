import { setImmediate as nextTurn } from 'node:timers/promises';
import { dedupCandidateOf, type EpisodeMetadata, parseTrackedFile } from '@podcast/corpus';
import { inWriteTransaction } from './dialect.js';
import type { IndexKysely } from './index-file.js';
import { batchesOf, guard, type IngestDeps, ingestBatchesOf, nameListsOf } from './ingest-base.js';
import { endOf, unitOf } from './key-ranges.js';
import type { FilesTable } from './schema.js';
import { type DiskFile, isRacy } from './tracked-files.js';

type KnownFile = Pick<FilesTable, 'size' | 'mtime_ms' | 'racy'>;

/** Whether a file on disk is the one its row was read from (a racy row never is). */
export function isSame(known: KnownFile | undefined, disk: DiskFile): boolean {
  return (
    known !== undefined &&
    known.racy === 0 &&
    known.size === disk.size &&
    known.mtime_ms === disk.mtime_ms
  );
}

/** What the projection logs when it serves a torn file's last whole version; the index says the same. */
export const CUT_SHORT_WARNING =
  'corpus file is cut short; serving its last whole version until it changes again';

/** Where a full ingest keeps the metadata its file rows parsed, so its catalog pass reads none again. */
export type ParsedMetadata = Map<string, EpisodeMetadata>;

/**
 * A file row for a changed file; metadata files are parsed for their dedup
 * key (and the parsed document kept in `parsed`, when given). A metadata
 * file the index had read whole (`before`) that now ends before its
 * document does (a write in progress, or one cut off) keeps its dedup
 * key, so its episode keeps its rows until the file is whole.
 */
function fileRowOf(
  deps: IngestDeps,
  relpath: string,
  disk: DiskFile,
  before: FilesTable | undefined,
  parsed: ParsedMetadata | undefined,
): FilesTable {
  const racy = isRacy(disk.mtime_ms, Date.now()) ? 1 : 0;
  const row: FilesTable = {
    path: relpath,
    ...disk,
    racy,
    readable: 1,
    feed_id: null,
    episode_key: null,
  };
  if (disk.kind !== 'metadata') {
    return row;
  }
  const file = parseTrackedFile(deps.root, relpath, 'metadata', deps.logger);
  if (file?.cutShort === true && before?.readable === 1) {
    deps.logger.warn({ file: relpath }, CUT_SHORT_WARNING);
    const { feed_id, episode_key } = before;
    return { ...row, size: file.size, mtime_ms: file.mtimeMs, feed_id, episode_key };
  }
  if (file?.value == null) {
    return { ...row, readable: 0 };
  }
  const metadata = file.value as EpisodeMetadata;
  parsed?.set(relpath, metadata);
  const candidate = dedupCandidateOf(relpath, metadata, file.mtimeMs);
  return {
    ...row,
    size: file.size,
    mtime_ms: file.mtimeMs,
    racy: isRacy(file.mtimeMs, Date.now()) ? 1 : 0,
    feed_id: candidate.feed_id,
    episode_key: candidate.episode_key,
  };
}

/**
 * File rows per transaction, read a batch at a time: a feed folder's files
 * (500 in the generated corpora) go in one commit rather than three, which
 * took a seventh off a first build's catalog pass at 100,000 episodes.
 */
const FILE_ROWS_PER_COMMIT = 1000;

/** Rows per insert: within either engine's bound on bound parameters. */
const FILE_ROWS_PER_INSERT = 500;

/**
 * Reads the changed files a batch at a time and upserts their rows
 * (`before`: the rows they had), up to `FILE_ROWS_PER_COMMIT` per
 * transaction; returns the rows. The metadata parsed whole goes to
 * `parsed`, when given.
 */
export async function writeFileRows(
  deps: IngestDeps,
  changed: ReadonlyArray<readonly [string, DiskFile]>,
  before: ReadonlyMap<string, FilesTable>,
  parsed?: ParsedMetadata,
): Promise<FilesTable[]> {
  const written: FilesTable[] = [];
  for (const group of batchesOf(changed, FILE_ROWS_PER_COMMIT)) {
    const fresh: FilesTable[] = [];
    for (const batch of ingestBatchesOf(deps, group)) {
      guard(deps);
      fresh.push(
        ...batch.map(([relpath, file]) =>
          fileRowOf(deps, relpath, file, before.get(relpath), parsed),
        ),
      );
      // The reads are synchronous: timers (the ingest lock's heartbeat) run between batches.
      await nextTurn();
    }
    guard(deps);
    await writeFileRowsOf(deps.db, fresh);
    written.push(...fresh);
  }
  return written;
}

/** Upserts `fresh` in one transaction, a few statements (one per row was most of a first build's scan). */
async function writeFileRowsOf(db: IndexKysely, fresh: readonly FilesTable[]): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    for (const chunk of batchesOf(fresh, FILE_ROWS_PER_INSERT)) {
      await trx
        .insertInto('files')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('path').doUpdateSet((eb) => ({
            size: eb.ref('excluded.size'),
            mtime_ms: eb.ref('excluded.mtime_ms'),
            racy: eb.ref('excluded.racy'),
            kind: eb.ref('excluded.kind'),
            readable: eb.ref('excluded.readable'),
            feed_id: eb.ref('excluded.feed_id'),
            episode_key: eb.ref('excluded.episode_key'),
          })),
        )
        .execute();
    }
  });
}

/** Deletes the rows of files that are gone, one transaction per batch. */
export async function deleteFileRows(deps: IngestDeps, removed: readonly string[]): Promise<void> {
  for (const batch of ingestBatchesOf(deps, removed)) {
    guard(deps);
    await inWriteTransaction(deps.db, (trx) =>
      trx.deleteFrom('files').where('path', 'in', batch).execute(),
    );
  }
}

/** The rows of the named files the index holds, by path. */
export async function knownFilesOf(
  db: IndexKysely,
  relpaths: Iterable<string>,
): Promise<Map<string, FilesTable>> {
  const known = new Map<string, FilesTable>();
  for (const list of nameListsOf(new Set(relpaths))) {
    const rows = await db.selectFrom('files').selectAll().where('path', 'in', list).execute();
    for (const row of rows) {
      known.set(row.path, row);
    }
  }
  return known;
}

/**
 * The members of a metadata row's dedup group: the same feed and episode
 * key in the same `feeds/<feed>/` folder (run dedup groups no wider),
 * found in a range of the files table's key.
 */
export async function groupOf(db: IndexKysely, row: FilesTable): Promise<FilesTable[]> {
  const unit = unitOf(row.path);
  if (!unit.endsWith('/') || row.episode_key === null) {
    return [];
  }
  return db
    .selectFrom('files')
    .selectAll()
    .where('path', '>=', unit)
    .where('path', '<', endOf(unit))
    .where('kind', '=', 'metadata')
    .where('feed_id', '=', row.feed_id ?? '')
    .where('episode_key', '=', row.episode_key)
    .execute();
}
