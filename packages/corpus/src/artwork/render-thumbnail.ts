import { randomUUID } from 'node:crypto';
import { mkdir, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '@podcast/contracts';
import type { Logger } from 'pino';
import type Sharp from 'sharp';
import { THUMBNAIL_MAX_PX } from '../files/art-ref.js';
import { isInsideDir } from '../roots/corpus-roots.js';

/** The thumbnail is on disk at its cache path, or (cache not writable) only in memory. */
export type ThumbnailOutcome = { kind: 'cached' } | { kind: 'memory'; bytes: Buffer };

/**
 * sharp and libvips, loaded for the first thumbnail: a noticeable part of
 * every server start otherwise, where most starts render none.
 */
async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}

/** SVG is drawn at the density that makes its longest side the thumbnail size, not upscaled. */
async function svgDensity(sharp: typeof Sharp, source: string): Promise<number | undefined> {
  if (path.extname(source).toLowerCase() !== '.svg') {
    return undefined;
  }
  const { width, height } = await sharp(source).metadata();
  const longest = Math.max(width ?? 0, height ?? 0);
  return longest > 0 ? Math.min(2400, Math.max(1, (72 * THUMBNAIL_MAX_PX) / longest)) : undefined;
}

async function renderThumbnail(source: string, logger: Logger): Promise<Buffer> {
  // Outside the try: a sharp that cannot load is the server's fault, not the image's.
  const sharp = await loadSharp();
  try {
    const density = await svgDensity(sharp, source);
    return await sharp(source, density === undefined ? {} : { density })
      .rotate()
      .resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (err) {
    // sharp's message may carry the absolute path: logged, not answered.
    logger.warn({ err: (err as Error).message }, 'artwork thumbnail could not be rendered');
    throw new DomainError('unprocessable', 'query.ref: the image could not be decoded', {
      field: 'query.ref',
    });
  }
}

/**
 * Creates `relDir` below the art store one folder at a time, checking each
 * one's real path before going deeper: a `derived/` that is a symlink out of
 * the store must not make us create (or write) anything elsewhere. Returns
 * the real folder.
 */
async function makeConfinedDir(artStore: string, relDir: string): Promise<string> {
  const store = await realpath(artStore);
  let dir = store;
  for (const name of relDir.split(path.sep).filter((s) => s !== '')) {
    await mkdir(path.join(dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') {
        throw err;
      }
    });
    dir = await realpath(path.join(dir, name));
    if (!isInsideDir(store, dir)) {
      throw new Error('thumbnail cache directory leaves the art store');
    }
  }
  return dir;
}

/** Writes next to the target and renames over it, so a reader never sees half a file. */
async function writeAtomically(target: string, bytes: Buffer, artStore: string): Promise<void> {
  const dir = await makeConfinedDir(artStore, path.relative(artStore, path.dirname(target)));
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, path.join(dir, path.basename(target)));
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}

async function generate(
  source: string,
  target: string,
  artStore: string,
  logger: Logger,
): Promise<ThumbnailOutcome> {
  const bytes = await renderThumbnail(source, logger);
  try {
    await writeAtomically(target, bytes, artStore);
    logger.info({ thumbnail: path.basename(target) }, 'artwork thumbnail generated');
    return { kind: 'cached' };
  } catch (err) {
    logger.warn(
      { err: (err as Error).message },
      'artwork thumbnail not cached; serving it from memory',
    );
    return { kind: 'memory', bytes };
  }
}

/**
 * Makes sure the thumbnail of `source` exists at `target` (inside the real
 * art store `artStore`). Generated once; later calls find the file.
 * Concurrent first requests share one generation through `inFlight`, which
 * the caller owns (createThumbnails) and which empties as each one ends.
 */
export function ensureThumbnail(
  inFlight: Map<string, Promise<ThumbnailOutcome>>,
  source: string,
  target: string,
  artStore: string,
  logger: Logger,
): Promise<ThumbnailOutcome> {
  const pending = inFlight.get(target);
  if (pending !== undefined) {
    return pending;
  }
  const started = generate(source, target, artStore, logger).finally(() => inFlight.delete(target));
  inFlight.set(target, started);
  return started;
}
