import { rm } from 'node:fs/promises';
import type { CorpusProjectionStatus } from '@podcast/contracts';
import type { Logger } from 'pino';
import type { DirListing } from '../discovery/discovery.js';
import type { ArtifactKind, EpisodeMetadata } from '../readers/metadata.js';
import { ByteReader, ByteWriter } from './bytes.js';
import {
  type CorpusState,
  createCorpusState,
  type LoadedArtifact,
  listTrackedFiles,
  newCachedArtifact,
  newCachedMetadata,
  type Siblings,
  trackedIn,
} from './corpus-state.js';
import { PackedValue } from './packed-value.js';
import type { StoredVersions } from './parse-worker.js';
import {
  type DecodeFrame,
  type EncodeFrame,
  projectionFileOf,
  readProjectionFile,
  sweepAbandonedTemporaries,
  writeProjectionFile,
} from './projection-file.js';
import {
  createValueEncoder,
  createValueReader,
  isTableChunk,
  ProjectionValueError,
} from './value-codec.js';

/*
 * The persisted projection of a corpus root (CORPUS_CACHE_DIR): the
 * loader's parsed files and directory listings, saved after changes and
 * read back on the first load, where every stored file is statted again
 * and re-read only when its (mtime, size) moved. Records, snapshots and
 * indexes are derived again from the stored values, so they cannot go stale.
 */

type FileLetter = 'm' | 'g' | 'k' | 'b';

type ProjectionRow =
  | ['d', string, DirListing]
  | ['a', string, boolean]
  | [FileLetter, string, number, number, unknown];

const LETTER_OF: Record<ArtifactKind, FileLetter> = { gi: 'g', kg: 'k', bridge: 'b' };

/**
 * A row's first byte; the value tables' chunks (`TABLE_CHUNKS`, 1-4) sit
 * between rows with kinds of their own. A directory row holds its relpath
 * and listing; an art row its relpath and whether it exists; a file row its
 * place among the listed files (or a zero and its relpath), mtime, size and
 * value.
 */
const ROW_KIND = { d: 16, a: 17, m: 18, g: 19, k: 20, b: 21 } as const;
const ARTIFACT_KIND_OF: Record<number, ArtifactKind> = {
  [ROW_KIND.g]: 'gi',
  [ROW_KIND.k]: 'kg',
  [ROW_KIND.b]: 'bridge',
};

/** Rows taken between two pauses while a save collects them. */
const ROWS_PER_PAUSE = 4096;

/**
 * The rows of `state`, all taken before the first is written, so a sync
 * running while the frames are written cannot change them. They are taken
 * in slices (taken in one piece on a large corpus, a request waited for
 * all of them), each row whole, so a sync between two slices
 * can leave the save a mix of before and after, file by file: a restart
 * stats every stored listing and file and reads again what moved, so a row
 * older than its file costs a read, never a wrong answer, and the sync
 * schedules the next save. Only files whose mtime is old enough to trust
 * are kept; the others are read again on the next load.
 */
async function rowsOf(state: CorpusState, pause: () => Promise<void>): Promise<ProjectionRow[]> {
  const rows: ProjectionRow[] = [];
  /** After each row: a pause once every `ROWS_PER_PAUSE` rows (an await per row would cost more than the rows). */
  const due = () => rows.length % ROWS_PER_PAUSE === 0;
  for (const [rel, listing] of state.dirs) {
    rows.push(['d', rel, listing]);
    if (due()) await pause();
  }
  for (const [rel, exists] of state.art) {
    rows.push(['a', rel, exists]);
    if (due()) await pause();
  }
  for (const [rel, file] of state.metadata) {
    if (file.stable && file.value !== undefined) {
      rows.push(['m', rel, file.mtimeMs, file.size, file.value]);
      if (due()) await pause();
    }
  }
  for (const [rel, file] of state.artifacts) {
    if (file.stable) {
      rows.push([LETTER_OF[file.kind], rel, file.mtimeMs, file.size, file.value]);
      if (due()) await pause();
    }
  }
  return rows;
}

/**
 * Writes each frame's rows; the value-table entries they met first go in
 * front of them, in the same frame. A file row names its file by its place
 * among the tracked files of the listings written before it (the order
 * `listTrackedFiles` lists them in), so a restart takes the relpath the
 * listing gave it instead of decoding and pooling the text again (at
 * 100,000 episodes, 400,000 paths of about 120 bytes); a file no listing
 * names keeps its text, after a zero.
 */
function encoderFor(state: CorpusState): EncodeFrame<ProjectionRow> {
  const values = createValueEncoder(state.strings.maxLength);
  const body = new ByteWriter();
  const frame = new ByteWriter();
  const places = new Map<string, number>();
  return (rows) => {
    body.reset();
    for (const row of rows) {
      body.byte(ROW_KIND[row[0]]);
      if (row[0] === 'd') {
        const listing = row[2];
        body.text(row[1]);
        body.float(listing.mtimeMs);
        body.byte(listing.stable ? 1 : 0);
        body.texts(listing.subdirs);
        body.texts(listing.files);
        body.byte(listing.episodes ? 1 : 0);
        // Not pooled: the pool is emptied after the first sync, and a save
        // that put 400,000 relpaths back would keep them there.
        for (const [relpath] of trackedIn(row[1], listing)) {
          if (!places.has(relpath)) {
            places.set(relpath, places.size);
          }
        }
      } else if (row[0] === 'a') {
        body.text(row[1]);
        body.byte(row[2] ? 1 : 0);
      } else {
        const place = places.get(row[1]);
        body.uint(place === undefined ? 0 : place + 1);
        if (place === undefined) {
          body.text(row[1]);
        }
        body.float(row[2]);
        body.float(row[3]);
        // A value a restart left packed is built for its frame and not kept.
        values.write(body, row[4] instanceof PackedValue ? row[4].peek() : row[4]);
      }
    }
    frame.reset();
    values.writeNew(frame);
    frame.bytes(body.view());
    return frame.view();
  };
}

/**
 * Packed values are copied into slabs of this many bytes: a few buffers,
 * where a copy per frame made thousands of external allocations, each a nudge to the garbage collector.
 */
const SLAB_BYTES = 1 << 22;

/**
 * Seeds a loader state from stored frames as they are read. Every file is
 * marked unstable and every listing is checked by the first walk, so
 * nothing is trusted before it has been statted against the disk. Each
 * listed file's relpath is made once, when the listings are in: the file
 * rows, the first walk's list of tracked files and the metadata files'
 * sibling paths all take that copy.
 */
function decoderFor(state: CorpusState, hooks: RestoreHooks): DecodeFrame {
  const values = createValueReader(state.strings.shapes);
  let listed: string[] | undefined;
  /** Each listed metadata file's sibling relpaths by its place, from its listing (see `listTrackedFiles`). */
  const siblings: Array<Siblings | undefined> = [];
  /**
   * The relpath a file row names, at `place` among the listed files, or
   * after it as text when `place` is -1 (a file no stored listing names).
   */
  const fileAt = (place: number, input: ByteReader, listedFiles: readonly string[]): string => {
    if (place === -1) {
      return state.strings.one(input.text());
    }
    const relpath = listedFiles[place];
    if (relpath === undefined) {
      throw new ProjectionValueError(
        `a file row names listed file ${place + 1} of ${listedFiles.length}`,
      );
    }
    return relpath;
  };
  let slab: Buffer = Buffer.alloc(0);
  let slabUsed = 0;
  /**
   * A GI, KG or bridge value: checked and copied into the current slab
   * (`PackedValue`), or read at once when it is a constant (null: an
   * unreadable file). No value keeps a read-ahead chunk alive.
   */
  const packedAt = (
    frameBytes: Buffer,
    input: ByteReader,
  ): LoadedArtifact | PackedValue | null | undefined => {
    const at = input.position;
    values.skip(input);
    const length = input.position - at;
    if (length === 1) {
      return values.read(new ByteReader(frameBytes, at)) as null | undefined;
    }
    if (length > slab.length - slabUsed) {
      slab = Buffer.allocUnsafe(Math.max(SLAB_BYTES, length));
      slabUsed = 0;
    }
    frameBytes.copy(slab, slabUsed, at, at + length);
    const packed = new PackedValue(slab, slabUsed, length, values);
    slabUsed += length;
    return packed;
  };
  return (bytes) => {
    const input = new ByteReader(bytes);
    let rows = 0;
    const relpaths: string[] = [];
    const versions: number[] = [];
    while (!input.done) {
      const kind = input.byte();
      if (isTableChunk(kind)) {
        values.readChunk(kind, input);
        continue;
      }
      rows++;
      if (listed === undefined && kind !== ROW_KIND.d) {
        // The listings come first.
        let named = 0;
        for (const listing of state.dirs.values()) {
          named += listing.files.length;
        }
        hooks.listed?.(state.dirs, named);
        // Their files' relpaths are made here, once: the file rows below name them by place.
        state.storedTracked = listTrackedFiles(state.dirs, undefined, siblings);
        listed = state.storedTracked.relpaths;
      }
      if (kind === ROW_KIND.d) {
        const rel = input.text();
        const mtimeMs = input.float();
        const stable = input.byte() === 1;
        const subdirs = input.texts();
        const files = input.texts();
        const episodes = input.byte() === 1;
        state.dirs.set(rel, { mtimeMs, stable, subdirs, files, episodes });
      } else if (kind === ROW_KIND.a) {
        const rel = input.text();
        state.art.set(state.strings.one(rel), input.byte() === 1);
      } else {
        const place = input.uint() - 1;
        const rel = fileAt(place, input, listed ?? []);
        const mtimeMs = input.float();
        const size = input.float();
        relpaths.push(rel);
        versions.push(mtimeMs, size);
        if (kind === ROW_KIND.m) {
          const metadata = values.read(input) as EpisodeMetadata | null | undefined;
          const entry = newCachedMetadata(mtimeMs, size, metadata);
          entry.siblings = place === -1 ? undefined : siblings[place];
          state.metadata.set(rel, entry);
        } else {
          const artifactKind = ARTIFACT_KIND_OF[kind];
          if (artifactKind === undefined) {
            throw new ProjectionValueError(`a frame holds a row of unknown kind ${kind}`);
          }
          const artifact = packedAt(bytes, input);
          state.artifacts.set(rel, newCachedArtifact(artifactKind, mtimeMs, size, artifact));
        }
      }
    }
    if (relpaths.length > 0) {
      hooks.stored?.({ relpaths, versions: Float64Array.from(versions) });
    }
    return rows;
  };
}

/** What a restart does with the stored rows while the rest of the file is still read. */
export interface RestoreHooks {
  /**
   * Every stored directory listing is in (they come first): the listings,
   * which the read no longer changes, and how many files they list.
   */
  listed?(dirs: ReadonlyMap<string, DirListing>, files: number): void;
  /** Stored file versions, a frame at a time. */
  stored?(files: StoredVersions): void;
}

export interface ProjectionStoreOptions {
  /** The folder the projections are kept in (one file per root). */
  dir: string;
  logger: Logger;
  /** Runs between frames while reading or writing, to give requests their turn. */
  pause: () => Promise<void>;
}

/** The store's counters, as GET /api/debug/corpus shows them (one definition, in contracts). */
export type ProjectionStoreStatus = CorpusProjectionStatus;

export interface ProjectionStore {
  /**
   * The stored state of `root`, or undefined when there is none usable
   * (logged; a corrupt file is removed). `hooks` see the rows as they are
   * read, before the answer is known.
   */
  load(root: string, hooks?: RestoreHooks): Promise<CorpusState | undefined>;
  /**
   * Stores `state` (atomically); failures are logged and kept for `status`,
   * never thrown. Answers whether it was stored.
   */
  save(state: CorpusState): Promise<boolean>;
  status(): ProjectionStoreStatus;
}

export function createProjectionStore(options: ProjectionStoreOptions): ProjectionStore {
  const { dir, logger, pause } = options;
  const status: ProjectionStoreStatus = {
    dir,
    hits: 0,
    misses: 0,
    saves: 0,
    last_save_bytes: null,
    last_save_ms: null,
    last_error: null,
  };
  return {
    async load(root, hooks = {}) {
      const file = projectionFileOf(dir, root);
      const started = performance.now();
      const swept = await sweepAbandonedTemporaries(file, Date.now());
      if (swept > 0) {
        logger.info({ root, file, swept }, 'removed temporary files of crashed projection saves');
      }
      const state = createCorpusState(root);
      const read = await readProjectionFile(file, root, pause, decoderFor(state, hooks));
      if (!read.ok) {
        status.misses++;
        if (read.miss === 'corrupt') {
          logger.warn({ root, file, reason: read.reason }, 'corpus projection corrupt; rebuilding');
          await rm(file, { force: true });
        } else if (read.miss === 'stale') {
          logger.info({ root, file, reason: read.reason }, 'corpus projection stale; rebuilding');
        }
        return undefined;
      }
      status.hits++;
      state.generation = 1;
      const ms = Math.round(performance.now() - started);
      logger.info({ root, file, rows: read.rows, ms }, 'corpus projection read');
      return state;
    },
    async save(state) {
      const started = performance.now();
      const file = projectionFileOf(dir, state.root);
      try {
        const bytes = await writeProjectionFile(
          file,
          state.root,
          await rowsOf(state, pause),
          pause,
          encoderFor(state),
        );
        status.saves++;
        status.last_save_bytes = bytes;
        status.last_save_ms = Math.round(performance.now() - started);
        status.last_error = null;
        return true;
      } catch (err) {
        status.last_error = (err as Error).message;
        logger.warn(
          { root: state.root, file, err: status.last_error },
          'corpus projection not saved',
        );
        return false;
      }
    },
    status: () => ({ ...status }),
  };
}
