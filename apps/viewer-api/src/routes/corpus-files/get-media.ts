import { CorpusMediaQuery, InvalidRelativePath } from '@podcast/contracts';
import { contentTypeOf, isMediaContentType } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';
import { rangedFileResponses, serveCorpusFile } from './file-responses.js';

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
  responses: rangedFileResponses('audio/*', 'The whole file, streamed'),
  handler: ({ ctx, query }) => {
    const type = contentTypeOf(query.relpath);
    if (!isMediaContentType(type)) {
      throw new InvalidRelativePath('query.relpath', 'not an audio or video file');
    }
    return serveCorpusFile(ctx, query, type, 'inline');
  },
});
