import { CorpusBinaryQuery, Problem } from '@podcast/contracts';
import { openRegularFile, resolveCorpusRoot, resolveServedFile } from '@podcast/corpus';
import { contentDisposition, contentTypeOf, dispositionOf, fileReply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { FILE_PROBLEMS, fileNameOf } from './file-responses.js';

export const getBinary = defineRoute({
  method: 'get',
  path: '/api/corpus/binary',
  summary: 'Any corpus file as a byte stream',
  description:
    'Streams the file with the content type of its extension (unknown: ' +
    'application/octet-stream). Images, audio and video are inline, everything else an ' +
    'attachment. Supports single byte ranges, ETag and Last-Modified. Hidden folders other ' +
    'than the art store are refused.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusBinaryQuery,
  responses: {
    200: { description: 'The file, streamed', contentType: 'application/octet-stream' },
    206: { description: 'One byte range of the file', contentType: 'application/octet-stream' },
    304: { description: 'The cached copy is current', contentType: 'application/octet-stream' },
    ...FILE_PROBLEMS,
    416: Problem.describe('The range lies past the end of the file'),
  },
  handler: async ({ ctx, query }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const file = await resolveServedFile(root, query.relpath, 'query.relpath');
    const opened = await openRegularFile(file, 'query.relpath');
    const type = contentTypeOf(query.relpath);
    return fileReply(opened, {
      contentType: type,
      disposition: contentDisposition(dispositionOf(type), fileNameOf(query.relpath)),
      ranges: true,
    });
  },
});
