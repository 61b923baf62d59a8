import path from 'node:path';
import { DomainError, NotFound } from '@podcast/contracts';
import type { Logger } from 'pino';
import { ART_STORE_DIR, thumbnailRelpath } from '../files/art-ref.js';
import { type OpenedFile, openRegularFile } from '../files/open-file.js';
import { resolveInsideRoot } from '../roots/corpus-roots.js';
import { ensureThumbnail, type ThumbnailOutcome } from './render-thumbnail.js';

/** A thumbnail to send: the cached file, or (cache not writable) bytes made in memory. */
export type Thumbnail = { kind: 'file'; file: OpenedFile } | { kind: 'memory'; bytes: Buffer };

export interface ThumbnailRequest {
  root: string;
  ref: string;
  /** The original's absolute path and its open handle (closed here). */
  source: string;
  original: OpenedFile;
}

export interface Thumbnails {
  thumbnailOf(request: ThumbnailRequest): Promise<Thumbnail>;
  /** Generations running now (each ends with its request); for a debug line. */
  inFlightCount(): number;
  /** File versions remembered as undecodable (at most `maxFailures`); for a debug line. */
  failedCount(): number;
}

/**
 * How many undecodable file versions are remembered. An entry is a short
 * path string and an error, so 1,024 of them cost well under a megabyte.
 */
const MAX_FAILURES = 1024;

/** The cached thumbnail if it is on disk and really inside the corpus (no symlink out). */
async function findCached(root: string, relpath: string): Promise<OpenedFile | undefined> {
  try {
    return await openRegularFile(await resolveInsideRoot(root, relpath, 'thumbnail'), 'thumbnail');
  } catch (err) {
    if (err instanceof DomainError && (err.kind === 'not_found' || err.kind === 'forbidden')) {
      return undefined;
    }
    throw err;
  }
}

/**
 * Failures are remembered per file version (the thumbnail's cache path
 * names the original's size and mtime): a hostile SVG can cost seconds of
 * CPU, and would on every request. Bounded, oldest first out; a changed file is a new
 * version and is tried again.
 */
function createFailureMemo(max: number) {
  const failures = new Map<string, DomainError>();
  return {
    size: () => failures.size,
    find: (key: string) => failures.get(key),
    remember(key: string, err: DomainError): void {
      if (failures.size >= max) {
        failures.delete(failures.keys().next().value as string);
      }
      failures.set(key, err);
    },
  };
}

async function generateOnce(
  memo: ReturnType<typeof createFailureMemo>,
  generate: () => Promise<ThumbnailOutcome>,
  key: string,
): Promise<ThumbnailOutcome> {
  const failed = memo.find(key);
  if (failed !== undefined) {
    throw failed;
  }
  try {
    return await generate();
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'unprocessable') {
      memo.remember(key, err);
    }
    throw err;
  }
}

/**
 * Artwork thumbnails (spec 01 Limits: 320 px WebP), cached on disk in the
 * art store. Built once per process in main.ts; its state is the set of
 * generations under way, so concurrent first requests run sharp once, and
 * the bounded memo of originals that could not be decoded.
 */
export function createThumbnails(logger: Logger, maxFailures = MAX_FAILURES): Thumbnails {
  const inFlight = new Map<string, Promise<ThumbnailOutcome>>();
  const failures = createFailureMemo(maxFailures);
  return {
    inFlightCount: () => inFlight.size,
    failedCount: failures.size,
    async thumbnailOf({ root, ref, source, original }) {
      const key = { size: original.size, mtimeMs: original.mtime.getTime() };
      await original.handle.close();
      const relpath = thumbnailRelpath(ref, key);
      const cached = await findCached(root, relpath);
      if (cached !== undefined) {
        return { kind: 'file', file: cached };
      }
      const target = path.join(root, relpath);
      const artStore = path.join(root, ART_STORE_DIR);
      const outcome = await generateOnce(
        failures,
        () => ensureThumbnail(inFlight, source, target, artStore, logger),
        relpath,
      );
      if (outcome.kind === 'memory') {
        return outcome;
      }
      const written = await findCached(root, relpath);
      if (written === undefined) {
        throw new NotFound('thumbnail: vanished right after it was written');
      }
      return { kind: 'file', file: written };
    },
  };
}
