import { CorpusTextFileQuery, InvalidRelativePath, Problem } from '@podcast/contracts';
import { openRegularFile, resolveCorpusRoot, resolveTextFile } from '@podcast/corpus';
import {
  contentDisposition,
  fileReply,
  HttpError,
  isTextFileName,
  TEXT_FILE_EXTENSIONS,
  textFileContentType,
} from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { FILE_PROBLEMS, fileNameOf, relpathHeader } from './file-responses.js';

/** Larger files are not for inline viewing: the binary route streams them. */
export const TEXT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const getTextFile = defineRoute({
  method: 'get',
  path: '/api/corpus/text-file',
  summary: 'A text file of the corpus for inline viewing',
  description:
    'Serves .txt, .md, .vtt, .srt and .json files (at most 10 MB) with a text or JSON content ' +
    'type. A missing .txt is served from its .cleaned.txt sibling and the reverse; a missing ' +
    '.adfree.txt degrades to the raw transcript. X-Served-Relpath names the file served ' +
    '(each segment URL-encoded).',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusTextFileQuery,
  responses: {
    200: { description: 'The file, streamed', contentType: 'text/plain' },
    304: { description: 'The cached copy is current', contentType: 'text/plain' },
    ...FILE_PROBLEMS,
    413: Problem.describe('The file is larger than 10 MB'),
  },
  handler: async ({ ctx, query }) => {
    if (!isTextFileName(query.relpath)) {
      const allowed = TEXT_FILE_EXTENSIONS.join(', ');
      throw new InvalidRelativePath('query.relpath', `only ${allowed} files are shown inline`);
    }
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const found = await resolveTextFile(root, query.relpath, 'query.relpath');
    const file = await openRegularFile(found.file, 'query.relpath');
    if (file.size > TEXT_FILE_MAX_BYTES) {
      await file.handle.close();
      throw new HttpError(413, `query.relpath: ${file.size} bytes is over the 10 MB inline limit`);
    }
    return fileReply(file, {
      contentType: textFileContentType(found.relpath),
      disposition: contentDisposition('inline', fileNameOf(found.relpath)),
      headers: { 'X-Served-Relpath': relpathHeader(found.relpath) },
    });
  },
});
