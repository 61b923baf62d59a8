import { createHash } from 'node:crypto';
import path from 'node:path';
import { relativePathProblem } from '../roots/corpus-roots.js';

/** The local artwork store, relative to the corpus root (spec 04 §1, §3). */
export const ART_STORE_DIR = '.podcast_scraper/corpus-art';

/** Where generated thumbnails are cached, inside the store (spec 04 §3). */
export const THUMBNAIL_DIR = `${ART_STORE_DIR}/derived/thumb`;

/**
 * Image suffixes the art store holds (spec 04 §3). How each is served (its
 * content type) is http-kit's business; corpus only decides what is art.
 */
const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.ico',
]);

/** Longest side of a thumbnail (spec 01 Limits). */
export const THUMBNAIL_MAX_PX = 320;

/**
 * Why an artwork `ref` is refused before touching the disk, or undefined. It
 * must be a plain relative path to an image inside the art store; our own
 * thumbnail cache is not art and cannot be asked for.
 */
export function artRefProblem(ref: string): string | undefined {
  const problem = relativePathProblem(ref);
  if (problem !== undefined) {
    return problem;
  }
  if (!ref.startsWith(`${ART_STORE_DIR}/`) || ref.length === ART_STORE_DIR.length + 1) {
    return `must lie inside the art store ${ART_STORE_DIR}/`;
  }
  if (ref.startsWith(`${ART_STORE_DIR}/derived/`)) {
    return 'must name original artwork, not a derived file';
  }
  if (ref.split('/').includes('.')) {
    return 'must not contain "." segments';
  }
  if (!IMAGE_EXTENSIONS.has(path.posix.extname(ref).toLowerCase())) {
    return 'must name an image (png, jpg, gif, webp, avif, svg)';
  }
  return undefined;
}

/**
 * The cached thumbnail of one version of an original: keyed by the ref and
 * the original's size and modification time, so a replaced original gets a
 * new thumbnail instead of a stale one.
 */
export function thumbnailRelpath(ref: string, source: { size: number; mtimeMs: number }): string {
  const key = `thumb-v1\0${THUMBNAIL_MAX_PX}\0${ref}\0${source.size}\0${Math.floor(source.mtimeMs)}`;
  const digest = createHash('sha256').update(key).digest('hex');
  return path.posix.join(THUMBNAIL_DIR, `${digest}.webp`);
}
