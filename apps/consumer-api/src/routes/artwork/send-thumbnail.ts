import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { DomainError, NotFound } from '@podcast/contracts';
import {
  ART_STORE_DIR,
  type OpenedFile,
  openRegularFile,
  resolveInsideRoot,
  sendOpenedFile,
  thumbnailRelpath,
} from '@podcast/corpus';
import type { Logger } from 'pino';
import { ensureThumbnail } from '../../media/artwork-thumbnail.js';

export interface ThumbnailRequest {
  req: IncomingMessage;
  res: ServerResponse;
  root: string;
  ref: string;
  source: string;
  original: OpenedFile;
  logger: Logger;
}

const THUMB_HEADERS = {
  contentType: 'image/webp',
  disposition: 'inline; filename="thumbnail.webp"',
  cacheControl: 'public, max-age=31536000, immutable',
};

/** The cached thumbnail, if it is on disk and really inside the corpus (not behind a symlink out). */
async function findCached(root: string, relpath: string): Promise<OpenedFile | undefined> {
  try {
    return await openRegularFile(await resolveInsideRoot(root, relpath, 'thumbnail'), 'thumbnail');
  } catch (err) {
    if (err instanceof DomainError && (err.kind === 'not_found' || err.kind === 'forbidden')) {
      return undefined;
    }
    throw err;
  }
}

function sendBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', THUMB_HEADERS.contentType);
  res.setHeader('Content-Disposition', THUMB_HEADERS.disposition);
  res.setHeader('Cache-Control', THUMB_HEADERS.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', String(bytes.length));
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Serves the cached thumbnail of `source`, generating it first when it is not on disk yet. */
export async function sendThumbnail(request: ThumbnailRequest): Promise<void> {
  const { req, res, root, ref, source, original, logger } = request;
  const key = { size: original.size, mtimeMs: original.mtime.getTime() };
  await original.handle.close();
  const relpath = thumbnailRelpath(ref, key);
  let cached = await findCached(root, relpath);
  if (cached === undefined) {
    const target = path.join(root, relpath);
    const outcome = await ensureThumbnail(source, target, path.join(root, ART_STORE_DIR), logger);
    if (outcome.kind === 'memory') {
      sendBytes(req, res, outcome.bytes);
      return;
    }
    cached = await findCached(root, relpath);
    if (cached === undefined) {
      throw new NotFound('thumbnail: vanished right after it was written');
    }
  }
  await sendOpenedFile(req, res, cached, THUMB_HEADERS);
}
