import { Problem } from '@podcast/contracts';

/** Problem answers every corpus file route shares (spec 01, docs/decisions.md "Corpus paths"). */
export const FILE_PROBLEMS = {
  400: Problem.describe(
    'relpath is absolute, contains "..", a backslash or NUL, or has the wrong type',
  ),
  403: Problem.describe(
    'path outside CORPUS_ROOTS, a symlink out of the corpus, or a hidden folder',
  ),
  404: Problem.describe('No such file in the corpus'),
};

/** The last segment of a relpath, for Content-Disposition. */
export function fileNameOf(relpath: string): string {
  return relpath.split('/').pop() || 'file';
}

/** A relpath as a header value: each segment URL-encoded, so any file name fits. */
export function relpathHeader(relpath: string): string {
  return relpath.split('/').map(encodeURIComponent).join('/');
}
