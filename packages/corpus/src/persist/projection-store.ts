import { rm } from 'node:fs/promises';
import type { CorpusProjectionStatus } from '@podcast/contracts';
import type { Logger } from 'pino';
import type { DirListing } from '../discovery/discovery.js';
import type { ArtifactKind, EpisodeMetadata } from '../readers/metadata.js';
import {
  type CorpusState,
  createCorpusState,
  type LoadedArtifact,
  newCachedArtifact,
  newCachedMetadata,
} from '../snapshot/corpus-state.js';
import {
  projectionFileOf,
  type RowEncoding,
  readProjectionFile,
  sweepAbandonedTemporaries,
  writeProjectionFile,
} from './projection-file.js';
import { createValueEncoder, createValueReader } from './value-codec.js';

/*
 * The persisted projection of a corpus root (CORPUS_CACHE_DIR): the
 * loader's parsed files and directory listings, saved after changes and
 * read back on the first load, where every stored file is statted again
 * and re-read only when its (mtime, size) moved. Records, snapshots and
 * indexes are derived again from the stored values, so they cannot go stale.
 */

type FileLetter = 'm' | 'g' | 'k' | 'b';

/**
 * A file row's value is encoded (`value-codec.ts`): its short strings,
 * shared lists and shared objects are numbers into the string, list and
 * object tables, whose entries are stored in the frame that first needs
 * them, ahead of its rows.
 */
type ProjectionRow =
  | ['d', string, DirListing]
  | ['a', string, boolean]
  | [FileLetter, string, number, number, unknown]
  | ['s', string[]]
  | ['l', number[][]]
  | ['o', unknown[]];

type FileRow = [FileLetter, string, number, number, unknown];

const isFileRow = (row: ProjectionRow): row is FileRow => row.length === 5;

const LETTER_OF: Record<ArtifactKind, FileLetter> = { gi: 'g', kg: 'k', bridge: 'b' };
const KIND_OF: Record<Exclude<FileLetter, 'm'>, ArtifactKind> = { g: 'gi', k: 'kg', b: 'bridge' };

/**
 * The rows of `state`, taken synchronously, so a sync running while they
 * are written cannot tear them. Only files whose mtime is old enough to
 * trust are kept; the others are read again on the next load.
 */
function rowsOf(state: CorpusState): ProjectionRow[] {
  const rows: ProjectionRow[] = [];
  for (const [rel, listing] of state.dirs) {
    rows.push(['d', rel, listing]);
  }
  for (const [rel, exists] of state.art) {
    rows.push(['a', rel, exists]);
  }
  for (const [rel, file] of state.metadata) {
    if (file.stable && file.value !== undefined) {
      rows.push(['m', rel, file.mtimeMs, file.size, file.value]);
    }
  }
  for (const [rel, file] of state.artifacts) {
    if (file.stable) {
      rows.push([LETTER_OF[file.kind], rel, file.mtimeMs, file.size, file.value]);
    }
  }
  return rows;
}

/**
 * Encodes each frame's file rows; the string, list and object table
 * entries they met first go in front of them, in the same frame.
 */
function encodingFor(state: CorpusState): RowEncoding<ProjectionRow> {
  const encoder = createValueEncoder(state.strings.maxLength);
  return {
    frame(rows) {
      const encoded = rows.map(
        (row): ProjectionRow =>
          isFileRow(row) ? [row[0], row[1], row[2], row[3], encoder.encode(row[4])] : row,
      );
      const { strings, lists, objects } = encoder.takeNew();
      const tables: ProjectionRow[] = [];
      if (strings.length > 0) {
        tables.push(['s', strings]);
      }
      if (lists.length > 0) {
        tables.push(['l', lists]);
      }
      if (objects.length > 0) {
        tables.push(['o', objects]); // after the strings and lists its objects name
      }
      return [...tables, ...encoded];
    },
  };
}

/**
 * Seeds a loader state from stored rows. Every file is marked unstable
 * and every listing is checked by the first walk, so nothing is trusted
 * before it has been statted against the disk.
 */
function seedState(state: CorpusState, rows: readonly ProjectionRow[]): void {
  for (const row of rows) {
    if (row[0] === 'd') {
      state.dirs.set(row[1], row[2]);
    } else if (row[0] === 'a') {
      state.art.set(row[1], row[2]);
    } else if (isFileRow(row)) {
      const [letter, rel, mtimeMs, size, value] = row;
      if (letter === 'm') {
        state.metadata.set(rel, newCachedMetadata(mtimeMs, size, value as EpisodeMetadata | null));
      } else {
        const kind = KIND_OF[letter];
        state.artifacts.set(
          rel,
          newCachedArtifact(kind, mtimeMs, size, value as LoadedArtifact | null),
        );
      }
    }
  }
  state.generation = 1;
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
  /** The stored state of `root`, or undefined when there is none usable (logged; a corrupt file is removed). */
  load(root: string): Promise<CorpusState | undefined>;
  /** Stores `state` (atomically); failures are logged and kept for `status`, never thrown. */
  save(state: CorpusState): Promise<void>;
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
    async load(root) {
      const file = projectionFileOf(dir, root);
      const started = performance.now();
      const swept = await sweepAbandonedTemporaries(file, Date.now());
      if (swept > 0) {
        logger.info({ root, file, swept }, 'removed temporary files of crashed projection saves');
      }
      const state = createCorpusState(root);
      // Each frame decoded as it is read (so what v8.deserialize builds
      // and the decode drops dies young): the values take their strings
      // and lists from the table entries stored ahead of them, unhashed.
      // The relpaths go to the pool: the first walk's list of tracked
      // files and the records' sibling paths then take these copies.
      const values = createValueReader(state.strings.settle);
      const revive = (row: ProjectionRow) => {
        if (isFileRow(row)) {
          row[1] = state.strings.one(row[1]);
          row[4] = values.decode(row[4]);
        } else if (row[0] === 'a') {
          row[1] = state.strings.one(row[1]);
        } else if (row[0] === 's') {
          values.addStrings(row[1]);
        } else if (row[0] === 'l') {
          values.addLists(row[1]);
        } else if (row[0] === 'o') {
          values.addObjects(row[1]);
        }
        return row;
      };
      const read = await readProjectionFile<ProjectionRow>(file, root, pause, revive);
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
      seedState(state, read.rows);
      const ms = Math.round(performance.now() - started);
      logger.info({ root, file, rows: read.rows.length, ms }, 'corpus projection read');
      return state;
    },
    async save(state) {
      const started = performance.now();
      const file = projectionFileOf(dir, state.root);
      try {
        const bytes = await writeProjectionFile(
          file,
          state.root,
          rowsOf(state),
          pause,
          encodingFor(state),
        );
        status.saves++;
        status.last_save_bytes = bytes;
        status.last_save_ms = Math.round(performance.now() - started);
        status.last_error = null;
      } catch (err) {
        status.last_error = (err as Error).message;
        logger.warn(
          { root: state.root, file, err: status.last_error },
          'corpus projection not saved',
        );
      }
    },
    status: () => ({ ...status }),
  };
}
