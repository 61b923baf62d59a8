import { CorpusMediaQuery, InvalidRelativePath, Problem } from '@podcast/contracts';
import { openRegularFile, resolveCorpusRoot, resolveServedFile } from '@podcast/corpus';
import {
  contentDisposition,
  contentTypeOf,
  fileReply,
  isMediaContentType,
} from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { FILE_PROBLEMS, fileNameOf } from './file-responses.js';

export const getMedia = defineRoute({
  method: 'get',
  path: '/api/corpus/media',
  summary: 'Locally persisted episode audio',
  description:
    'Streams an audio or video file of the corpus for a player: HTTP range requests (one ' +
    'range: bytes=a-b, bytes=a-, bytes=-n) answer 206 with Content-Range; a range past the ' +
    'end answers 416 with Content-Range bytes */size; several ranges get the whole file. ' +
    'HEAD, ETag and If-Range work. Other file types are a 400.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusMediaQuery,
  responses: {
    200: { description: 'The whole file, streamed', contentType: 'audio/*' },
    206: { description: 'One byte range of the file', contentType: 'audio/*' },
    304: { description: 'The cached copy is current', contentType: 'audio/*' },
    ...FILE_PROBLEMS,
    416: Problem.describe('The range lies past the end of the file'),
  },
  handler: async ({ ctx, query }) => {
    const type = contentTypeOf(query.relpath);
    if (!isMediaContentType(type)) {
      throw new InvalidRelativePath('query.relpath', 'not an audio or video file');
    }
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const file = await resolveServedFile(root, query.relpath, 'query.relpath');
    const opened = await openRegularFile(file, 'query.relpath');
    return fileReply(opened, {
      contentType: type,
      disposition: contentDisposition('inline', fileNameOf(query.relpath)),
      ranges: true,
    });
  },
});
