import { Problem } from '@podcast/contracts';
import { openRegularFile, resolveCorpusRoot, resolveServedFile } from '@podcast/corpus';
import { contentDisposition, fileReply } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';

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

/** The answers of a route streaming a file with byte ranges, described for `contentType`. */
export function rangedFileResponses(contentType: string, whole: string) {
  return {
    200: { description: whole, contentType },
    206: { description: 'One byte range of the file', contentType },
    304: { description: 'The cached copy is current', contentType },
    ...FILE_PROBLEMS,
    416: Problem.describe('The range lies past the end of the file'),
  };
}

/**
 * Streams `query.relpath` of the `query.path` corpus with byte ranges, as
 * `contentType` shown `disposition` (inline or attachment) under its file name.
 */
export async function serveCorpusFile(
  ctx: ViewerCtx,
  query: { path?: string | undefined; relpath: string },
  contentType: string,
  disposition: 'inline' | 'attachment',
) {
  const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
  const file = await resolveServedFile(root, query.relpath, 'query.relpath');
  const opened = await openRegularFile(file, 'query.relpath');
  return fileReply(opened, {
    contentType,
    disposition: contentDisposition(disposition, fileNameOf(query.relpath)),
    ranges: true,
  });
}

/** The last segment of a relpath, for Content-Disposition. */
export function fileNameOf(relpath: string): string {
  return relpath.split('/').pop() || 'file';
}

/** A relpath as a header value: each segment URL-encoded, so any file name fits. */
export function relpathHeader(relpath: string): string {
  return relpath.split('/').map(encodeURIComponent).join('/');
}
