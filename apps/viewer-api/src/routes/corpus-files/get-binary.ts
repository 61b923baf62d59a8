import { CorpusBinaryQuery } from '@podcast/contracts';
import { contentTypeOf, dispositionOf } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { rangedFileResponses, serveCorpusFile } from './file-responses.js';

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
  responses: rangedFileResponses('application/octet-stream', 'The file, streamed'),
  handler: ({ ctx, query }) => {
    const type = contentTypeOf(query.relpath);
    return serveCorpusFile(ctx, query, type, dispositionOf(type));
  },
});
