import { readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { DomainError, InvalidRelativePath, NotFound, OutsideCorpusRoots } from '@podcast/contracts';
import { isMissingFileError } from './missing-file.js';

/** The default corpus (CORPUS_DIR) and every directory a `path` parameter may point into. */
export interface CorpusRoots {
  defaultRoot: string;
  allowed: string[];
}

/** True when `target` equals `base` or lies below it (both absolute and normalised). */
export function isInsideDir(base: string, target: string): boolean {
  const rel = path.relative(base, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Synchronous on purpose: every corpus request resolves its root, and on a
 * local disk the libc call costs a fraction of the promise version's
 * thread-pool round trip and garbage, which was a large share of a cached
 * answer's cost.
 */
function realpathOrUndefined(p: string): string | undefined {
  try {
    return realpathSync.native(p);
  } catch (err) {
    // A name too long for the file system names nothing that can exist.
    if (isMissingFileError(err) || (err as NodeJS.ErrnoException).code === 'ENAMETOOLONG') {
      return undefined;
    }
    throw err;
  }
}

const MAX_LINK_HOPS = 40;

/**
 * Where `p` would lie once every symlink on it is followed, even when its
 * final target does not exist: the missing tail is appended to the real path
 * of the part that exists, and a dangling link is followed by reading it.
 * Lets a link out of the corpus be refused the same way whether or not its
 * target exists, so the answer says nothing about the outside.
 */
function realLocation(p: string, hops = 0): string {
  const real = realpathOrUndefined(p);
  if (real !== undefined || hops > MAX_LINK_HOPS) {
    return real ?? p;
  }
  const parent = path.dirname(p);
  const base = realLocation(parent, hops + 1);
  const link = readlinkOrUndefined(p);
  if (link === undefined) {
    return path.join(base, path.basename(p));
  }
  return realLocation(path.resolve(base, link), hops + 1);
}

function readlinkOrUndefined(p: string): string | undefined {
  try {
    return readlinkSync(p);
  } catch {
    return undefined;
  }
}

/** UTF-8 bytes one file name may have on the file systems we run on (NAME_MAX). */
const MAX_NAME_BYTES = 255;

function hasOverlongName(p: string): boolean {
  return p.split(/[\\/]/).some((name) => Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES);
}

/** Hidden folders (`.trash/`, `.app/`, `.viewer/`) are never corpus content; see served-paths.ts. */
function hasHiddenSegment(relpath: string): boolean {
  return relpath.split(path.sep).some((segment) => segment.startsWith('.'));
}

class HiddenCorpusPath extends DomainError {
  constructor(field: string) {
    super('forbidden', `${field}: hidden files and folders are not served`, { field });
  }
}

function realAllowedRoots(allowed: readonly string[]): string[] {
  const resolved = allowed.map((root) => realpathOrUndefined(root));
  return resolved.filter((root): root is string => root !== undefined);
}

/** A `path` parameter resolved: the configured root it lies in, and the folder it names. */
export interface LocatedCorpusPath {
  /** Real path of the configured root (CORPUS_DIR or a CORPUS_ROOTS entry) holding `dir`. */
  root: string;
  /** Real path of the folder named; equal to `root` when the root itself was named. */
  dir: string;
}

/** The real configured roots, most specific first, so a nested root wins over its parent. */
function configuredRoots(roots: CorpusRoots): string[] {
  const real = realAllowedRoots([roots.defaultRoot, ...roots.allowed]);
  return [...new Set(real)].sort((a, b) => b.length - a.length);
}

/**
 * Resolves the `path` parameter of a corpus route to a real directory inside
 * the configured roots. Refused: a folder outside them (403, whether or not it
 * exists, so the route is no oracle for what exists elsewhere), a hidden
 * segment anywhere between the configured root and the folder (403), a name
 * over 255 bytes or a file instead of a folder (400).
 */
export function locateCorpusPath(
  requested: string | undefined,
  roots: CorpusRoots,
): LocatedCorpusPath {
  if (requested === undefined || requested === '') {
    const dir = realpathOrUndefined(roots.defaultRoot) ?? path.resolve(roots.defaultRoot);
    return { root: dir, dir };
  }
  if (requested.includes('\0')) {
    throw new DomainError('invalid', 'path: contains a NUL byte', { field: 'path' });
  }
  if (hasOverlongName(requested)) {
    throw new InvalidRelativePath('path', `a name is longer than ${MAX_NAME_BYTES} bytes`);
  }
  const allowed = configuredRoots(roots);
  const real = realpathOrUndefined(requested);
  const lexicalRoots = [roots.defaultRoot, ...roots.allowed].map((r) => path.resolve(r));
  const where = real ?? realLocation(path.resolve(requested));
  const root = allowed.find((r) => isInsideDir(r, where));
  if (root === undefined) {
    if (real === undefined && lexicalRoots.some((r) => isInsideDir(r, path.resolve(requested)))) {
      throw new NotFound(`corpus path does not exist: ${requested}`);
    }
    throw new OutsideCorpusRoots('path');
  }
  if (hasHiddenSegment(path.relative(root, where))) {
    throw new HiddenCorpusPath('path');
  }
  if (real === undefined) {
    throw new NotFound(`corpus path does not exist: ${requested}`);
  }
  if (!statSync(real).isDirectory()) {
    throw new InvalidRelativePath('path', 'must name a folder, not a file');
  }
  return { root, dir: real };
}

/** The real folder `locateCorpusPath` finds for `requested`. */
export async function resolveCorpusRoot(
  requested: string | undefined,
  roots: CorpusRoots,
): Promise<string> {
  return locateCorpusPath(requested, roots).dir;
}

/** Why a caller-supplied relative path is refused before touching the disk, or undefined. */
export function relativePathProblem(relpath: string): string | undefined {
  if (relpath === '') {
    return 'must not be empty';
  }
  if (relpath.includes('\0')) {
    return 'must not contain NUL bytes';
  }
  if (relpath.includes('\\')) {
    return 'must use forward slashes';
  }
  if (relpath.startsWith('/') || /^[A-Za-z]:/.test(relpath)) {
    return 'must be relative to the corpus root';
  }
  if (relpath.split('/').includes('..')) {
    return 'must not contain ".." segments';
  }
  if (hasOverlongName(relpath)) {
    return `a name is longer than ${MAX_NAME_BYTES} bytes`;
  }
  return undefined;
}

/** Throws the 400 naming `field` when `relpath` is refused before touching the disk. */
export function assertRelativePath(relpath: string, field: string): void {
  const problem = relativePathProblem(relpath);
  if (problem !== undefined) {
    throw new InvalidRelativePath(field, problem);
  }
}

/**
 * Resolves `relpath` below `root` and returns the real path of the target.
 * The string is taken literally (URL decoding is the caller's job), so
 * `%2e%2e` is an odd file name, not a parent step. A symlink that leads out
 * of the root is refused like a path outside the roots.
 */
export async function resolveInsideRoot(
  root: string,
  relpath: string,
  field: string,
): Promise<string> {
  assertRelativePath(relpath, field);
  const realRoot = realpathOrUndefined(root) ?? path.resolve(root);
  const target = realpathOrUndefined(path.join(realRoot, relpath));
  // A link out answers 403 whether or not its target exists (no oracle).
  if (!isInsideDir(realRoot, target ?? realLocation(path.join(realRoot, relpath)))) {
    throw new OutsideCorpusRoots(field);
  }
  if (target === undefined) {
    throw new NotFound(`${field}: no such file in the corpus: ${relpath}`);
  }
  return target;
}

/**
 * For fixed, trusted relpaths (side files, the query log): the real path of
 * the file, or undefined when it is missing or a symlink leads out of the
 * root. Such files are never read from elsewhere.
 */
export async function realFileInsideRoot(
  root: string,
  relpath: string,
): Promise<string | undefined> {
  try {
    return await resolveInsideRoot(root, relpath, 'relpath');
  } catch (err) {
    if (err instanceof DomainError) {
      return undefined;
    }
    throw err;
  }
}

/** `target` (a real path inside `root`) relative to the real root, with forward slashes. */
export function relpathInsideRoot(root: string, target: string): string {
  const realRoot = realpathOrUndefined(root) ?? path.resolve(root);
  return path.relative(realRoot, target).split(path.sep).join('/');
}

const isFolder = (dir: string) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * Whether `dir` is laid out as a corpus root of its own (a `feeds/` or a
 * `metadata/` folder directly inside, spec 04 §1), as in a folder of corpora
 * that CORPUS_ROOTS names.
 */
export function isCorpusLayout(dir: string): boolean {
  return isFolder(path.join(dir, 'feeds')) || isFolder(path.join(dir, 'metadata'));
}
