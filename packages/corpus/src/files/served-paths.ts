import { DomainError, InvalidRelativePath, NotFound, OutsideCorpusRoots } from '@podcast/contracts';
import { assertRelativePath, relpathInsideRoot, resolveInsideRoot } from '../roots/corpus-roots.js';
import { ART_STORE_DIR, artRefProblem } from './art-ref.js';
import { textFileCandidates } from './text-file-candidates.js';

/**
 * Dot-directories hold rolled-back episodes (`.trash/`), per-user data
 * (`.app/`) and job logs (`.viewer/`): none of it is corpus content, so the
 * file routes refuse it. The art store is the one exception.
 */
export function isHiddenRelpath(relpath: string): boolean {
  if (relpath.startsWith(`${ART_STORE_DIR}/`)) {
    return relpath
      .slice(ART_STORE_DIR.length + 1)
      .split('/')
      .some((s) => s.startsWith('.'));
  }
  return relpath.split('/').some((segment) => segment.startsWith('.'));
}

class HiddenPath extends DomainError {
  constructor(field: string) {
    super('forbidden', `${field}: hidden files and folders are not served`, { field });
  }
}

/**
 * The real path of a corpus file a route may serve: confined to `root`, not
 * hidden, before and after following symlinks.
 */
export async function resolveServedFile(
  root: string,
  relpath: string,
  field: string,
): Promise<string> {
  // Before the hidden check: `..` is a 400, not a hidden folder.
  assertRelativePath(relpath, field);
  if (isHiddenRelpath(relpath)) {
    throw new HiddenPath(field);
  }
  const target = await resolveInsideRoot(root, relpath, field);
  const real = relpathInsideRoot(root, target);
  if (isHiddenRelpath(real)) {
    throw new HiddenPath(field);
  }
  return target;
}

export interface ResolvedTextFile {
  /** Real path of the file served. */
  file: string;
  /** The candidate that was found (the request itself, or its stand-in). */
  relpath: string;
}

/** The first existing candidate of `textFileCandidates`; refusals are never skipped over. */
export async function resolveTextFile(
  root: string,
  relpath: string,
  field: string,
): Promise<ResolvedTextFile> {
  for (const candidate of textFileCandidates(relpath)) {
    try {
      return { file: await resolveServedFile(root, candidate, field), relpath: candidate };
    } catch (err) {
      if (!(err instanceof NotFound)) {
        throw err;
      }
    }
  }
  throw new NotFound(`${field}: no such file in the corpus: ${relpath}`);
}

/**
 * The real path of an artwork original. `ref` has passed `artRefProblem`; a
 * symlink that leads out of the art store (or out of the corpus) is refused
 * like any other ref outside the store: 400, never the bytes.
 */
export async function resolveArtFile(root: string, ref: string, field: string): Promise<string> {
  const problem = artRefProblem(ref);
  if (problem !== undefined) {
    throw new InvalidRelativePath(field, problem);
  }
  let target: string;
  try {
    target = await resolveInsideRoot(root, ref, field);
  } catch (err) {
    if (err instanceof OutsideCorpusRoots) {
      throw new InvalidRelativePath(field, 'leads outside the art store');
    }
    throw err;
  }
  const real = relpathInsideRoot(root, target);
  if (artRefProblem(real) !== undefined) {
    throw new InvalidRelativePath(field, 'leads outside the art store');
  }
  return target;
}
