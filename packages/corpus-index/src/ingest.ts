import {
  type DedupCandidate,
  dedupCandidateOf,
  dedupRuns,
  type EpisodeMetadata,
  type NormalizedBridge,
  type NormalizedGraph,
  type NormalizedKg,
  parseTrackedFile,
  siblingRelpath,
} from '@podcast/corpus';
import type { Logger } from 'pino';
import { inWriteTransaction } from './dialect.js';
import { artPathsOf, type EpisodeRows, episodeRowsOf } from './episode-rows.js';
import { refreshFeeds } from './feed-rows.js';
import type { IndexKysely } from './index-file.js';
import type { FilesTable } from './schema.js';
import { type DiskFile, isArtFile, isRacy, listDiskFiles } from './tracked-files.js';
import { forgetEpisodes, writeEpisodeRows } from './write-batch.js';

export interface IngestDeps {
  db: IndexKysely;
  root: string;
  logger: Pick<Logger, 'warn'>;
  /** Checked before each transaction: false once another process took the ingest lock over. */
  isHolder?: () => boolean;
  /** Files or episodes per transaction. */
  batchSize?: number;
}

export interface IngestReport {
  files: number;
  changedFiles: number;
  removedFiles: number;
  episodesBuilt: number;
  episodesDeleted: number;
  feedsRefreshed: number;
}

/** Thrown when the ingest lock was lost mid-ingest; the new holder carries on. */
export class IngestLockLost extends Error {
  constructor() {
    super('the corpus index ingest lock was taken over by another process');
  }
}

const BATCH = 200;

type KnownFile = Pick<FilesTable, 'size' | 'mtime_ms' | 'racy'>;

function isSame(known: KnownFile | undefined, disk: DiskFile): boolean {
  return (
    known !== undefined &&
    known.racy === 0 &&
    known.size === disk.size &&
    known.mtime_ms === disk.mtime_ms
  );
}

function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

/** A file row for a changed file; metadata files are parsed for their dedup key. */
function fileRowOf(deps: IngestDeps, relpath: string, disk: DiskFile): FilesTable {
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
  const parsed = parseTrackedFile(deps.root, relpath, 'metadata', deps.logger);
  if (parsed?.value == null) {
    return { ...row, readable: 0 };
  }
  const candidate = dedupCandidateOf(relpath, parsed.value as EpisodeMetadata, parsed.mtimeMs);
  return {
    ...row,
    size: parsed.size,
    mtime_ms: parsed.mtimeMs,
    racy: isRacy(parsed.mtimeMs, Date.now()) ? 1 : 0,
    feed_id: candidate.feed_id,
    episode_key: candidate.episode_key,
  };
}

function guard(deps: IngestDeps): void {
  if (deps.isHolder !== undefined && !deps.isHolder()) {
    throw new IngestLockLost();
  }
}

/** Brings the files table up to the disk; returns the metadata rows as they now are. */
async function syncFiles(deps: IngestDeps, disk: ReadonlyMap<string, DiskFile>) {
  const rows = await deps.db.selectFrom('files').selectAll().execute();
  const known = new Map(rows.map((row) => [row.path, row]));
  const removed = rows.filter((row) => !disk.has(row.path)).map((row) => row.path);
  const changed = [...disk].filter(([relpath, file]) => !isSame(known.get(relpath), file));
  const size = deps.batchSize ?? BATCH;
  for (const batch of batchesOf(changed, size)) {
    guard(deps);
    const fresh = batch.map(([relpath, file]) => fileRowOf(deps, relpath, file));
    await inWriteTransaction(deps.db, async (trx) => {
      for (const row of fresh) {
        await trx
          .insertInto('files')
          .values(row)
          .onConflict((oc) => oc.column('path').doUpdateSet(row))
          .execute();
      }
    });
    for (const row of fresh) {
      known.set(row.path, row);
    }
  }
  for (const batch of batchesOf(removed, size)) {
    guard(deps);
    await inWriteTransaction(deps.db, (trx) =>
      trx.deleteFrom('files').where('path', 'in', batch).execute(),
    );
    for (const relpath of batch) {
      known.delete(relpath);
    }
  }
  return { known, changed: changed.length, removed: removed.length };
}

function winnersOf(known: ReadonlyMap<string, FilesTable>): string[] {
  const candidates: DedupCandidate[] = [];
  for (const row of known.values()) {
    if (row.kind === 'metadata' && row.readable === 1) {
      candidates.push({
        metadata_relpath: row.path,
        feed_id: row.feed_id ?? '',
        episode_key: row.episode_key,
        mtime_ms: row.mtime_ms,
      });
    }
  }
  return [...dedupRuns(candidates).winners].sort();
}

const KINDS = ['gi', 'kg', 'bridge'] as const;

/** Marks a racy file's stamp: an episode with one is rebuilt until the file settles. */
const RACY_MARK = '~';

/** The part of an episode's source key that the files decide: each file's (size, mtime) or '-'. */
function filesKeyOf(relpath: string, known: ReadonlyMap<string, FilesTable>): string {
  const stamp = (path: string) => {
    const row = known.get(path);
    return row === undefined
      ? '-'
      : `${row.size}:${row.mtime_ms}${row.racy === 1 ? RACY_MARK : ''}`;
  };
  return [relpath, ...KINDS.map((kind) => siblingRelpath(relpath, kind))].map(stamp).join('|');
}

function artChecks(root: string, artPaths: readonly string[]): Map<string, boolean> {
  return new Map(artPaths.map((relpath) => [relpath, isArtFile(root, relpath)]));
}

function sourceKeyOf(filesKey: string, art: ReadonlyMap<string, boolean>): string {
  return `${filesKey}#${[...art.values()].map((isFile) => (isFile ? 1 : 0)).join('')}`;
}

function layerOf<T>(deps: IngestDeps, relpath: string | null, kind: (typeof KINDS)[number]) {
  const parsed =
    relpath === null ? undefined : parseTrackedFile(deps.root, relpath, kind, deps.logger);
  return (parsed?.value ?? undefined) as T | undefined;
}

/** Reads one winner's files and builds its rows; undefined when its metadata became unreadable. */
function buildRows(
  deps: IngestDeps,
  relpath: string,
  known: ReadonlyMap<string, FilesTable>,
): EpisodeRows | undefined {
  const parsed = parseTrackedFile(deps.root, relpath, 'metadata', deps.logger);
  if (parsed?.value == null) {
    return undefined;
  }
  const metadata = parsed.value as EpisodeMetadata;
  const present = (kind: (typeof KINDS)[number]) => {
    const sibling = siblingRelpath(relpath, kind);
    return known.has(sibling) ? sibling : null;
  };
  const siblings = { gi: present('gi'), kg: present('kg'), bridge: present('bridge') };
  const art = artChecks(deps.root, artPathsOf(metadata));
  return episodeRowsOf({
    root: deps.root,
    metadataRelpath: relpath,
    metadata,
    siblings,
    graph: layerOf<NormalizedGraph>(deps, siblings.gi, 'gi'),
    kg: layerOf<NormalizedKg>(deps, siblings.kg, 'kg'),
    bridge: layerOf<NormalizedBridge>(deps, siblings.bridge, 'bridge'),
    art,
    sourceKey: sourceKeyOf(filesKeyOf(relpath, known), art),
  });
}

interface IndexedEpisode {
  metadata_relpath: string;
  feed_id: string;
  source_key: string;
  art_paths: string;
}

/** Winners whose rows are missing or were built from other files or art. */
function staleWinners(
  deps: IngestDeps,
  winners: readonly string[],
  indexed: ReadonlyMap<string, IndexedEpisode>,
  known: ReadonlyMap<string, FilesTable>,
): string[] {
  return winners.filter((relpath) => {
    const row = indexed.get(relpath);
    if (row === undefined) {
      return true;
    }
    const filesKey = filesKeyOf(relpath, known);
    if (filesKey.includes(RACY_MARK)) {
      return true;
    }
    const art = artChecks(deps.root, JSON.parse(row.art_paths) as string[]);
    return row.source_key !== sourceKeyOf(filesKey, art);
  });
}

/** Rebuilds the stale winners' rows and deletes the rows of episodes that are no longer winners. */
async function syncEpisodes(deps: IngestDeps, known: ReadonlyMap<string, FilesTable>) {
  const winners = winnersOf(known);
  const winnerSet = new Set(winners);
  const rows = await deps.db
    .selectFrom('episodes')
    .select(['metadata_relpath', 'feed_id', 'source_key', 'art_paths'])
    .execute();
  const indexed = new Map(rows.map((row) => [row.metadata_relpath, row]));
  const gone = rows.filter((row) => !winnerSet.has(row.metadata_relpath));
  const touchedFeeds = new Set(gone.map((row) => row.feed_id));
  const size = deps.batchSize ?? BATCH;
  for (const batch of batchesOf(gone, size)) {
    guard(deps);
    const relpaths = batch.map((row) => row.metadata_relpath);
    await inWriteTransaction(deps.db, (trx) => forgetEpisodes(trx, relpaths));
  }
  const stale = staleWinners(deps, winners, indexed, known);
  for (const batch of batchesOf(stale, size)) {
    guard(deps);
    const built = batch.map((relpath) => ({ relpath, rows: buildRows(deps, relpath, known) }));
    await inWriteTransaction(deps.db, async (trx) => {
      for (const { relpath, rows: episodeRows } of built) {
        if (episodeRows === undefined) {
          await forgetEpisodes(trx, [relpath]);
        } else {
          await writeEpisodeRows(trx, episodeRows);
          touchedFeeds.add(episodeRows.episode.feed_id);
        }
        const old = indexed.get(relpath);
        if (old !== undefined) {
          touchedFeeds.add(old.feed_id);
        }
      }
    });
  }
  return { built: stale.length, deleted: gone.length, touchedFeeds };
}

/**
 * One ingest: walks the corpus, compares each file's (path, size, mtime)
 * with the files table, re-reads what changed, and rebuilds the rows of
 * the episodes whose files changed, one transaction per batch. The first
 * finished ingest marks the index built, which readers wait for.
 */
export async function ingestCorpus(deps: IngestDeps): Promise<IngestReport> {
  const disk = await listDiskFiles(deps.root);
  const files = await syncFiles(deps, disk);
  const episodes = await syncEpisodes(deps, files.known);
  guard(deps);
  const feedsRefreshed = await refreshFeeds(deps.db, episodes.touchedFeeds);
  await inWriteTransaction(deps.db, (trx) =>
    trx
      .insertInto('index_meta')
      .values({ key: 'built_at', value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute(),
  );
  return {
    files: disk.size,
    changedFiles: files.changed,
    removedFiles: files.removed,
    episodesBuilt: episodes.built,
    episodesDeleted: episodes.deleted,
    feedsRefreshed,
  };
}
