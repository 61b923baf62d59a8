import type { CookieOptions } from 'express';
import type { FileValidators } from './files/conditional.js';
import type { SendableFile, SendFileOptions } from './files/send-file.js';
import { problemFromError } from './http-error.js';

/** A Set-Cookie a reply carries: a value to set, or `undefined` to clear the cookie. */
export interface ReplyCookie {
  name: string;
  value: string | undefined;
  options: CookieOptions;
}

/**
 * What a handler answers when its route's default (first 2xx JSON) is not
 * enough: another status, headers, cookies, a redirect. The body still goes
 * through the schema declared for that status.
 */
export class Reply {
  readonly cookies: ReplyCookie[] = [];

  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}

  /** Sets a response header; returns the same reply so calls chain. */
  setHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }

  /** Adds a Set-Cookie; returns the same reply so calls chain. */
  setCookie(name: string, value: string, options: CookieOptions): this {
    this.cookies.push({ name, value, options });
    return this;
  }

  /** Expires a cookie (same path and domain as when it was set). */
  clearCookie(name: string, options: CookieOptions): this {
    this.cookies.push({ name, value: undefined, options });
    return this;
  }
}

export function reply(status: number, body?: unknown, headers?: Record<string, string>): Reply {
  return new Reply(status, body, headers);
}

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/** A redirect without a body; the route declares the status (e.g. `307: z.null()`). */
export function redirect(status: RedirectStatus, location: string): Reply {
  return new Reply(status, undefined, { Location: location });
}

/**
 * A body that is not JSON (OPML, an image made in memory), sent with the
 * given content type under a status the route declares as a raw response.
 * With validators the kit sends ETag and Last-Modified and answers a
 * matching conditional GET with 304 (the route declares 304).
 */
export class RawReply {
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly body: string | Buffer,
    readonly headers: Record<string, string> = {},
    readonly validators?: FileValidators,
  ) {}
}

export function rawReply(
  status: number,
  contentType: string,
  body: string | Buffer,
  headers?: Record<string, string>,
  validators?: FileValidators,
): RawReply {
  return new RawReply(status, contentType, body, headers, validators);
}

/**
 * A body written piece by piece as `body()` yields it, never whole in
 * memory: a 5,000-episode feed. `body` is called only when the answer is
 * sent (not for a 304 or a HEAD); the kit compresses the pieces in the
 * coding the client accepts and stops pulling while the client is slow.
 */
export class StreamReply {
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly body: () => AsyncIterable<string | Buffer>,
    readonly headers: Record<string, string> = {},
    readonly validators?: FileValidators,
  ) {}
}

export function streamReply(
  status: number,
  contentType: string,
  body: () => AsyncIterable<string | Buffer>,
  options: { headers?: Record<string, string>; validators?: FileValidators } = {},
): StreamReply {
  return new StreamReply(status, contentType, body, options.headers, options.validators);
}

/**
 * An opened file streamed by the kit: conditional GET (304), optional byte
 * ranges (206/416), HEAD. The kit owns the handle from here and closes it.
 */
export class FileReply {
  constructor(
    readonly file: SendableFile,
    readonly options: SendFileOptions,
  ) {}
}

export function fileReply(file: SendableFile, options: SendFileOptions): FileReply {
  return new FileReply(file, options);
}

/**
 * The problem answer of a known error as a Reply, so a handler can attach
 * cookies to a failure too (a one-time cookie cleared on every outcome).
 * Unknown errors give undefined: rethrow them for the generic 500.
 */
export function problemReply(err: unknown, requestId: string): Reply | undefined {
  const problem = problemFromError(err);
  return problem && new Reply(problem.status, { ...problem, request_id: requestId });
}
