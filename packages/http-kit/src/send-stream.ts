import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { compressingStream, negotiateCoding } from './content-coding.js';
import { type FileValidators, isNotModified } from './files/conditional.js';
import type { RawReply, StreamReply } from './replies.js';

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Sets a made answer's validators; true when the request's conditional
 * headers match them and the answer is a 304 (already sent).
 */
export function answeredNotModified(
  req: IncomingMessage,
  res: ServerResponse,
  validators: FileValidators | undefined,
): boolean {
  if (validators === undefined) {
    return false;
  }
  res.setHeader('ETag', validators.etag);
  res.setHeader('Last-Modified', validators.lastModified);
  const conditional = {
    ifNoneMatch: headerOf(req, 'if-none-match'),
    ifModifiedSince: headerOf(req, 'if-modified-since'),
  };
  if ((req.method === 'GET' || req.method === 'HEAD') && isNotModified(conditional, validators)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  return false;
}

/** Headers every raw answer carries: its own, its type, and no sniffing. */
export function rawHeaders(res: ServerResponse, reply: RawReply | StreamReply): void {
  for (const [name, value] of Object.entries(reply.headers)) {
    res.setHeader(name, value);
  }
  res.setHeader('Content-Type', reply.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * Writes a StreamReply: 304 when the validators match, headers only for
 * HEAD, else the pieces through the negotiated compression with
 * backpressure. A client that goes away ends the pull (the body's
 * generator is returned), which is not an error of ours.
 */
export async function sendStream(
  req: IncomingMessage,
  res: ServerResponse,
  reply: StreamReply,
): Promise<void> {
  rawHeaders(res, reply);
  res.setHeader('Vary', 'Accept-Encoding');
  if (answeredNotModified(req, res, reply.validators)) {
    return;
  }
  const coding = negotiateCoding(headerOf(req, 'accept-encoding'));
  if (coding !== undefined) {
    res.setHeader('Content-Encoding', coding);
  }
  res.statusCode = reply.status;
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const source = Readable.from(reply.body(), { objectMode: false });
  try {
    await (coding === undefined
      ? pipeline(source, res)
      : pipeline(source, compressingStream(coding), res));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      return;
    }
    throw err;
  }
}
