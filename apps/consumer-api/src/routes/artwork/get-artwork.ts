import { ArtworkQuery, Problem } from '@podcast/contracts';
import { openRegularFile, resolveArtFile, resolveCorpusRoot } from '@podcast/corpus';
import { contentDisposition, contentTypeOf, fileReply, rawReply } from '@podcast/http-kit';
import { defineRoute } from '../../context.js';

/** Art refs name content-addressed files (spec 04 §3), so a response never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const THUMBNAIL = {
  contentType: 'image/webp',
  disposition: 'inline; filename="thumbnail.webp"',
  cacheControl: IMMUTABLE,
};

export const getArtwork = defineRoute({
  method: 'get',
  path: '/api/app/artwork',
  summary: 'Locally stored show or episode artwork',
  description:
    'Serves an image from the art store .podcast_scraper/corpus-art/. size=large streams the ' +
    'original; size=thumb answers a WebP at most 320 px on its longest side, generated on the ' +
    'first request and cached on disk. Both are immutable for a year. 400 for a ref outside ' +
    'the store (including through a symlink), 404 when the file is missing, 422 when the ' +
    'image cannot be decoded for a thumbnail. Open: an image tag cannot send credentials.',
  tags: ['catalog'],
  auth: 'open',
  query: ArtworkQuery,
  responses: {
    200: { description: 'The image bytes', contentType: 'image/*' },
    304: { description: 'The cached copy is current', contentType: 'image/*' },
    400: Problem.describe('The ref is not an image inside the art store'),
    404: Problem.describe('No such artwork'),
    422: Problem.describe('The image could not be decoded'),
  },
  handler: async ({ ctx, query }) => {
    const root = await resolveCorpusRoot(undefined, {
      defaultRoot: ctx.config.corpusDir,
      allowed: [],
    });
    const source = await resolveArtFile(root, query.ref, 'query.ref');
    const original = await openRegularFile(source, 'query.ref');
    if (query.size === 'thumb') {
      const thumb = await ctx.thumbnails.thumbnailOf({ root, ref: query.ref, source, original });
      return thumb.kind === 'file'
        ? fileReply(thumb.file, THUMBNAIL)
        : rawReply(200, THUMBNAIL.contentType, thumb.bytes, {
            'Content-Disposition': THUMBNAIL.disposition,
            'Cache-Control': THUMBNAIL.cacheControl,
          });
    }
    return fileReply(original, {
      contentType: contentTypeOf(source),
      disposition: contentDisposition('inline', query.ref.split('/').pop() ?? 'artwork'),
      cacheControl: IMMUTABLE,
    });
  },
});
