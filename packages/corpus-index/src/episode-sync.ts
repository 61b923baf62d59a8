import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  type DedupCandidate,
  dedupRuns,
  type EpisodeMetadata,
  type EpisodeRecord,
  type EpisodeSentiments,
  type NormalizedBridge,
  type NormalizedGraph,
  type NormalizedKg,
  parseTrackedFile,
  readRegularFileSync,
  sentimentSidecarOf,
  sentimentsOfText,
  siblingRelpath,
} from '@podcast/corpus';
import { inWriteTransaction } from './dialect.js';
import { artPathsOf, type EpisodeRows, episodeRowsOf } from './episode-rows.js';
import { CUT_SHORT_WARNING, type ParsedMetadata } from './file-rows.js';
import { guard, type IngestDeps, ingestBatchesOf } from './ingest-base.js';
import type { FilesTable } from './schema.js';
import { isArtFile, type TrackedKind } from './tracked-files.js';
import { forgetEpisodes, type WriteOptions, writeEpisodesRows } from './write-batch.js';

/** The dedup winners among the readable metadata rows of `known` (all of a group, or none). */
export function winnersOf(known: Iterable<FilesTable>): string[] {
  const candidates: DedupCandidate[] = [];
  for (const row of known) {
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

export const LAYER_KINDS = ['gi', 'kg', 'bridge'] as const;

/** A metadata file's relpath with its GI, KG and bridge siblings' and its sentiment sidecar's relpaths. */
export function episodeFilesOf(metadataRelpath: string): string[] {
  return [
    metadataRelpath,
    ...LAYER_KINDS.map((kind) => siblingRelpath(metadataRelpath, kind)),
    sentimentSidecarOf(metadataRelpath),
  ];
}

const NO_SENTIMENTS: EpisodeSentiments = new Map();

/**
 * The entries of the episode's sentiment sidecar when the walk listed it,
 * read as the projection's `readInsightSentiments` reads them: a file that
 * cannot be read or parsed gives none (a torn one too, as it does there).
 */
function sentimentsOf(
  root: string,
  relpath: string,
  known: ReadonlyMap<string, FilesTable>,
): EpisodeSentiments {
  const sidecar = sentimentSidecarOf(relpath);
  if (!known.has(sidecar)) {
    return NO_SENTIMENTS;
  }
  try {
    return sentimentsOfText(readRegularFileSync(path.join(root, sidecar)).text);
  } catch {
    return NO_SENTIMENTS;
  }
}

/** Marks a racy file's stamp: an episode with one is rebuilt until the file settles. */
const RACY_MARK = '~';

/** A file's (size, mtime) as the files table holds it, or '-'. */
function stampOf(path: string, known: ReadonlyMap<string, FilesTable>): string {
  const row = known.get(path);
  return row === undefined ? '-' : `${row.size}:${row.mtime_ms}${row.racy === 1 ? RACY_MARK : ''}`;
}

/** The part of an episode's source key that the files decide: each file's (size, mtime) or '-'. */
function filesKeyOf(relpath: string, known: ReadonlyMap<string, FilesTable>): string {
  return episodeFilesOf(relpath)
    .map((path) => stampOf(path, known))
    .join('|');
}

function artChecks(root: string, artPaths: readonly string[]): Map<string, boolean> {
  return new Map(artPaths.map((relpath) => [relpath, isArtFile(root, relpath)]));
}

function artKeyOf(art: ReadonlyMap<string, boolean>): string {
  return [...art.values()].map((isFile) => (isFile ? 1 : 0)).join('');
}

/** Base64url characters of a source key's digest: every key has the same length. */
const KEY_LENGTH = 27;

/** `text`'s SHA-1 in base64url (27 characters), the first `length` of them. */
function digestOf(text: string, length = KEY_LENGTH): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, length);
}

/**
 * An episode's source key: a digest of its files' stamps and its art
 * checks, compared for equality only. Every key has one length, so the
 * layers pass's rewrite of a catalog row whose record is unchanged has the
 * row's size, and SQLite overwrites it in place, writing only the pages
 * that differ rather than the record's overflow pages again.
 */
function sourceKeyOf(filesKey: string, art: ReadonlyMap<string, boolean>): string {
  return digestOf(`${filesKey}#${artKeyOf(art)}`);
}

/**
 * The source key of an episode a first build's catalog pass wrote without
 * its layers: no files' stamps ever give it (a digest has no `~`), so the
 * layers pass (or, if the build was cut off, the next ingest) rebuilds the
 * episode in full. It digests the metadata's stamp and the art checks its
 * record was built with, so that the layers pass can tell whether that
 * record is current.
 */
const LAYERS_PENDING = '~';

function pendingKeyOf(metadataStamp: string, art: ReadonlyMap<string, boolean>): string {
  return `${LAYERS_PENDING}${digestOf(`${metadataStamp}#${artKeyOf(art)}`, KEY_LENGTH - 1)}`;
}

function isPending(sourceKey: string | undefined): boolean {
  return sourceKey?.startsWith(LAYERS_PENDING) === true;
}

function presentSiblings(relpath: string, known: ReadonlyMap<string, FilesTable>) {
  const present = (kind: (typeof LAYER_KINDS)[number]) => {
    const sibling = siblingRelpath(relpath, kind);
    return known.has(sibling) ? sibling : null;
  };
  return { gi: present('gi'), kg: present('kg'), bridge: present('bridge') };
}

/**
 * One winner's catalog rows, from its metadata alone: the record (which
 * notes only whether each layer file is there) and the catalog keys are
 * those the full build writes; the layers' rows are left empty. Undefined
 * when the metadata cannot be read whole.
 */
function buildCatalogRows(
  deps: IngestDeps,
  relpath: string,
  known: ReadonlyMap<string, FilesTable>,
  parsed: ParsedMetadata,
): EpisodeRows | undefined {
  const read = () => {
    const file = parseTrackedFile(deps.root, relpath, 'metadata', deps.logger);
    return file?.cutShort === true ? undefined : file?.value;
  };
  const metadata = parsed.get(relpath) ?? read();
  if (metadata == null) {
    return undefined;
  }
  const art = artChecks(deps.root, artPathsOf(metadata as EpisodeMetadata));
  return episodeRowsOf({
    root: deps.root,
    metadataRelpath: relpath,
    from: { metadata: metadata as EpisodeMetadata },
    siblings: presentSiblings(relpath, known),
    graph: undefined,
    kg: undefined,
    bridge: undefined,
    sentiments: NO_SENTIMENTS,
    art,
    sourceKey: pendingKeyOf(stampOf(relpath, known), art),
  });
}

/** An indexed episode one of whose files is torn: its rows stay as they are. */
const KEEP: unique symbol = Symbol('keep the rows');

type BuiltRows = EpisodeRows | undefined | typeof KEEP;

/** What a first build's catalog pass stored of an episode: its record and the art it checked. */
interface PendingRow {
  record: string;
  source_key: string;
  art_paths: string;
}

/**
 * The stored record of a catalog pass's episode while it is the one the
 * metadata gives: the files table still holds the stamp it was read at
 * (not a racy one), and its art checks come out the same now.
 */
function storedRecordOf(
  deps: IngestDeps,
  relpath: string,
  known: ReadonlyMap<string, FilesTable>,
  pending: PendingRow | undefined,
) {
  const stamp = stampOf(relpath, known);
  if (pending === undefined || stamp.endsWith(RACY_MARK)) {
    return undefined;
  }
  const art = artChecks(deps.root, JSON.parse(pending.art_paths) as string[]);
  return pendingKeyOf(stamp, art) === pending.source_key
    ? { from: { record: JSON.parse(pending.record) as EpisodeRecord, text: pending.record }, art }
    : undefined;
}

/**
 * Reads one winner's files and builds its rows; undefined when its metadata
 * became unreadable. An episode the index holds (`isIndexed`) one of whose
 * files now ends before its document does (a write in progress, or one cut
 * off) keeps its rows, as the projection serves a torn file's last whole
 * version; its source key stays the old one, so it is built again once the
 * file moves. An episode the index never held is built without the torn file.
 * A catalog pass's episode (`pending`) is built from its stored record, so
 * its metadata is not parsed a second time.
 */
function buildRows(
  deps: IngestDeps,
  relpath: string,
  known: ReadonlyMap<string, FilesTable>,
  isIndexed: boolean,
  pending: PendingRow | undefined,
): BuiltRows {
  let torn: string | undefined;
  const read = (path: string, kind: Exclude<TrackedKind, 'sentiment'>) => {
    const parsed = parseTrackedFile(deps.root, path, kind, deps.logger);
    if (parsed?.cutShort === true) {
      torn ??= path;
    }
    return parsed?.value ?? undefined;
  };
  const stored = storedRecordOf(deps, relpath, known, pending);
  const metadata =
    stored === undefined ? (read(relpath, 'metadata') as EpisodeMetadata | undefined) : undefined;
  const siblings = presentSiblings(relpath, known);
  const layer = (kind: (typeof LAYER_KINDS)[number]) => {
    const path = siblings[kind];
    return (metadata === undefined && stored === undefined) || path === null
      ? undefined
      : read(path, kind);
  };
  const layers = { graph: layer('gi'), kg: layer('kg'), bridge: layer('bridge') };
  if (torn !== undefined && isIndexed) {
    deps.logger.warn({ file: torn }, CUT_SHORT_WARNING);
    return KEEP;
  }
  if (stored === undefined && metadata === undefined) {
    return undefined;
  }
  const art = stored?.art ?? artChecks(deps.root, artPathsOf(metadata as EpisodeMetadata));
  return episodeRowsOf({
    root: deps.root,
    metadataRelpath: relpath,
    from: stored?.from ?? { metadata: metadata as EpisodeMetadata },
    siblings,
    graph: layers.graph as NormalizedGraph | undefined,
    kg: layers.kg as NormalizedKg | undefined,
    bridge: layers.bridge as NormalizedBridge | undefined,
    sentiments: sentimentsOf(deps.root, relpath, known),
    art,
    sourceKey: sourceKeyOf(filesKeyOf(relpath, known), art),
  });
}

/** What the ingest reads of an indexed episode to tell whether its rows are current. */
export interface IndexedEpisode {
  metadata_relpath: string;
  feed_id: string;
  source_key: string;
  art_paths: string;
}

export const INDEXED_COLUMNS = ['metadata_relpath', 'feed_id', 'source_key', 'art_paths'] as const;

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

/** The episodes a pass looked at: the winners among them, and the rows the index has of them. */
export interface EpisodeScope {
  /** Every file row the winners' source keys need: their metadata and siblings. */
  known: ReadonlyMap<string, FilesTable>;
  winners: readonly string[];
  indexed: readonly IndexedEpisode[];
}

/** An ingest whose episode batches may be written by another thread (a first build's layers pass). */
export interface RowsDeps extends IngestDeps {
  /** Writes one batch in one transaction, elsewhere; undefined: on `db`, awaited. */
  writeRows?: (gone: readonly string[], written: readonly EpisodeRows[]) => Promise<void>;
  /** How the batches keep the running counts (a first build's layers pass counts topics at its end). */
  writeOptions?: WriteOptions;
}

/** Deletes the episodes at `gone` and writes `written`, in one transaction. */
function writeBatch(
  deps: RowsDeps,
  gone: readonly string[],
  written: readonly EpisodeRows[],
): Promise<void> {
  if (deps.writeRows !== undefined) {
    return deps.writeRows(gone, written);
  }
  return inWriteTransaction(deps.db, async (trx) => {
    await forgetEpisodes(trx, gone);
    await writeEpisodesRows(trx, written, deps.writeOptions);
  });
}

/** Deletes the rows of indexed episodes that are no longer winners, one transaction per batch. */
async function deleteLosers(deps: RowsDeps, scope: EpisodeScope) {
  const winnerSet = new Set(scope.winners);
  const gone = scope.indexed.filter((row) => !winnerSet.has(row.metadata_relpath));
  for (const batch of ingestBatchesOf(deps, gone)) {
    guard(deps);
    await writeBatch(
      deps,
      batch.map((row) => row.metadata_relpath),
      [],
    );
  }
  return { deleted: gone.length, touchedFeeds: new Set(gone.map((row) => row.feed_id)) };
}

/**
 * A first build's catalog pass: deletes the rows of episodes that are no
 * longer winners and writes the catalog rows of the winners the index
 * lacks, one transaction per batch, so that readers can list episodes
 * before any layer file is read. The metadata the file rows parsed
 * (`parsed`) is not read again. Returns the feeds these changes touched.
 */
export async function writeCatalogRows(
  deps: IngestDeps,
  scope: EpisodeScope,
  parsed: ParsedMetadata,
) {
  const { deleted, touchedFeeds } = await deleteLosers(deps, scope);
  const indexed = new Set(scope.indexed.map((row) => row.metadata_relpath));
  const missing = scope.winners.filter((relpath) => !indexed.has(relpath));
  for (const batch of ingestBatchesOf(deps, missing)) {
    guard(deps);
    const built = batch.map((relpath) => buildCatalogRows(deps, relpath, scope.known, parsed));
    const written = built.filter((episodeRows) => episodeRows !== undefined);
    await writeBatch(deps, [], written);
    for (const episodeRows of written) {
      touchedFeeds.add(episodeRows.episode.feed_id);
    }
  }
  return { deleted, touchedFeeds };
}

/** The stored records of catalog pass episodes, by metadata relpath. */
async function pendingRowsOf(deps: IngestDeps, relpaths: readonly string[]) {
  const rows = new Map<string, PendingRow>();
  if (relpaths.length === 0) {
    return rows;
  }
  const found = await deps.db
    .selectFrom('episodes')
    .select(['metadata_relpath', 'record', 'source_key', 'art_paths'])
    .where('metadata_relpath', 'in', relpaths)
    .execute();
  for (const row of found) {
    rows.set(row.metadata_relpath, row);
  }
  return rows;
}

/**
 * Deletes the rows of indexed episodes that are no longer winners and
 * rebuilds the winners whose rows are stale, one transaction per batch.
 * Returns the feeds whose rows these changes touched.
 */
export async function rebuildEpisodes(deps: RowsDeps, scope: EpisodeScope) {
  const { known, winners } = scope;
  const indexed = new Map(scope.indexed.map((row) => [row.metadata_relpath, row]));
  const { deleted, touchedFeeds } = await deleteLosers(deps, scope);
  // An episode whose layers were never read has no last whole version to keep.
  const isWhole = (relpath: string) => {
    const row = indexed.get(relpath);
    return row !== undefined && !isPending(row.source_key);
  };
  const stale = staleWinners(deps, winners, indexed, known);
  let kept = 0;
  for (const batch of ingestBatchesOf(deps, stale)) {
    guard(deps);
    const pending = await pendingRowsOf(
      deps,
      batch.filter((relpath) => isPending(indexed.get(relpath)?.source_key)),
    );
    const built: Array<{ relpath: string; rows: BuiltRows }> = batch.map((relpath) => ({
      relpath,
      rows: buildRows(deps, relpath, known, isWhole(relpath), pending.get(relpath)),
    }));
    const changed = built.filter(({ rows }) => rows !== KEEP);
    kept += built.length - changed.length;
    const gone = changed.filter(({ rows }) => rows === undefined).map(({ relpath }) => relpath);
    const written = changed.flatMap(({ rows }) =>
      rows === undefined || rows === KEEP ? [] : [rows],
    );
    await writeBatch(deps, gone, written);
    for (const { relpath, rows } of changed) {
      const episodeRows = rows === KEEP ? undefined : rows;
      const old = indexed.get(relpath);
      // A catalog row's record and feed are those its layers pass writes: its feed row is current.
      const sameFeed = isPending(old?.source_key) && old?.feed_id === episodeRows?.episode.feed_id;
      if (!sameFeed) {
        for (const feedId of [old?.feed_id, episodeRows?.episode.feed_id]) {
          if (feedId !== undefined) {
            touchedFeeds.add(feedId);
          }
        }
      }
    }
  }
  return { built: stale.length - kept, deleted, touchedFeeds };
}
