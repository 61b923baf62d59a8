import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { contentRange, ifRangeMatches, planRange, type RangePlan } from './byte-range.js';
import { type FileValidators, fileValidators, isNotModified } from './conditional.js';
import { isMediaContentType } from './content-types.js';

/** An open regular file (corpus's openRegularFile makes one); size and time from the descriptor. */
export interface SendableFile {
  handle: FileHandle;
  size: number;
  mtime: Date;
}

export interface SendFileOptions {
  contentType: string;
  /** A Content-Disposition value (see contentDisposition). */
  disposition?: string;
  /** Answer Range requests with 206 / 416 (audio seeking). */
  ranges?: boolean;
  cacheControl?: string;
  headers?: Record<string, string>;
}

// Like raw.githubusercontent.com: a file opened directly in a tab (an SVG,
// say) runs no script and loads nothing. Audio and video are left alone: a
// browser's own media page needs to load the file it shows.
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function validatorHeaders(
  res: ServerResponse,
  validators: FileValidators,
  options: SendFileOptions,
) {
  res.setHeader('ETag', validators.etag);
  res.setHeader('Last-Modified', validators.lastModified);
  res.setHeader('Cache-Control', options.cacheControl ?? 'no-cache');
}

function entityHeaders(res: ServerResponse, options: SendFileOptions): void {
  res.setHeader('Content-Type', options.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (!isMediaContentType(options.contentType)) {
    res.setHeader('Content-Security-Policy', SANDBOX);
  }
  if (options.disposition !== undefined) {
    res.setHeader('Content-Disposition', options.disposition);
  }
  if (options.ranges) {
    res.setHeader('Accept-Ranges', 'bytes');
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    res.setHeader(name, value);
  }
}

function rangePlanOf(
  req: IncomingMessage,
  file: SendableFile,
  validators: FileValidators,
  ranges: boolean,
): RangePlan {
  const raw = req.headers['if-range'];
  const ifRange = typeof raw === 'string' ? raw : undefined;
  if (
    !ranges ||
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    !ifRangeMatches(ifRange, validators)
  ) {
    return { kind: 'full' };
  }
  return planRange(req.headers.range, file.size);
}

function sendUnsatisfiable(req: IncomingMessage, res: ServerResponse, size: number): void {
  const requestId = (req as { id?: unknown }).id;
  res.statusCode = 416;
  res.setHeader('Content-Range', `bytes */${size}`);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', 'application/problem+json');
  res.end(
    JSON.stringify({
      type: 'about:blank',
      title: 'Range Not Satisfiable',
      status: 416,
      detail: `range: the file has ${size} bytes; ask for bytes inside 0-${Math.max(0, size - 1)}`,
      ...(requestId === undefined ? {} : { request_id: String(requestId) }),
    }),
  );
}

function isClientGone(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Streams an opened file: conditional GET (304), optional single ranges
 * (206/416), HEAD without reading, never the whole file in memory. Owns the
 * handle: it is closed on every path.
 */
export async function sendOpenedFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: SendableFile,
  options: SendFileOptions,
): Promise<void> {
  let isStreaming = false;
  try {
    const validators = fileValidators(file.size, file.mtime);
    validatorHeaders(res, validators, options);
    const cached = {
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
    };
    if (isNotModified(cached, validators)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const plan = rangePlanOf(req, file, validators, options.ranges === true);
    if (plan.kind === 'unsatisfiable') {
      sendUnsatisfiable(req, res, file.size);
      return;
    }
    entityHeaders(res, options);
    const start = plan.kind === 'partial' ? plan.start : 0;
    const end = plan.kind === 'partial' ? plan.end : file.size - 1;
    res.statusCode = plan.kind === 'partial' ? 206 : 200;
    res.setHeader('Content-Length', String(end - start + 1));
    const range = contentRange(plan, file.size);
    if (range !== undefined) {
      res.setHeader('Content-Range', range);
    }
    if (req.method === 'HEAD' || end < start) {
      res.end();
      return;
    }
    isStreaming = true;
    await pipeline(file.handle.createReadStream({ start, end, autoClose: true }), res);
  } catch (err) {
    if (!isClientGone(err)) {
      throw err;
    }
  } finally {
    if (!isStreaming) {
      await file.handle.close();
    }
  }
}
