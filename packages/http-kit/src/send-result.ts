import type { Request, Response } from 'express';
import type { z } from 'zod';
import { type AnyRoute, isRawSpec } from './define-route.js';
import { sendOpenedFile } from './files/send-file.js';
import { FileReply, RawReply, Reply, StreamReply } from './replies.js';
import { answeredNotModified, rawHeaders, sendStream } from './send-stream.js';

/** A handler's answer that breaks its route's declared responses: a 500 we see in tests. */
export class ResponseContractBroken extends Error {
  constructor(
    where: string,
    problem: string,
    readonly zodError?: z.ZodError,
  ) {
    super(`response of ${where} ${problem}`);
  }
}

function where<Ctx>(route: AnyRoute<Ctx>, status: number): string {
  return `${route.method.toUpperCase()} ${route.path} ${status}`;
}

export function defaultStatus<Ctx>(route: AnyRoute<Ctx>): number {
  return Number(Object.keys(route.responses).find((s) => Number(s) < 300) ?? 200);
}

/** The JSON text of a validated body; output goes through its schema too. */
export function serialise<Ctx>(
  route: AnyRoute<Ctx>,
  status: number,
  body: unknown,
): string | undefined {
  if (hasNoBody(status, body)) {
    return undefined;
  }
  const spec = route.responses[status];
  if (!spec || isRawSpec(spec)) {
    return body === undefined ? undefined : JSON.stringify(body);
  }
  // Drift between code and contract is a 500 we see in tests, never a
  // silently different payload.
  const parsed = spec.safeParse(body);
  if (!parsed.success) {
    throw new ResponseContractBroken(
      where(route, status),
      'does not match its schema',
      parsed.error,
    );
  }
  return JSON.stringify(parsed.data);
}

/** 204 and 304 never carry a body; a redirect without one is just a Location. */
function hasNoBody(status: number, body: unknown): boolean {
  return status === 204 || status === 304 || (status >= 300 && status < 400 && body === undefined);
}

function sendJson(res: Response, status: number, text: string | Buffer | undefined): void {
  if (hasNoBody(status, text)) {
    res.status(status).end();
    return;
  }
  res.status(status).type(status >= 400 ? 'application/problem+json' : 'application/json');
  res.send(text);
}

function applyReply(res: Response, reply: Reply): void {
  for (const { name, value, options } of reply.cookies) {
    if (value === undefined) {
      res.clearCookie(name, options);
    } else {
      res.cookie(name, value, options);
    }
  }
  res.set(reply.headers);
}

/** A non-JSON answer must use a status its route declares as raw (content type and all). */
function assertRawStatus<Ctx>(route: AnyRoute<Ctx>, status: number): void {
  const spec = route.responses[status];
  if (spec === undefined || !isRawSpec(spec)) {
    throw new ResponseContractBroken(where(route, status), 'is not declared as a raw response');
  }
}

function sendRaw(req: Request, res: Response, raw: RawReply): void {
  rawHeaders(res, raw);
  if (answeredNotModified(req, res, raw.validators)) {
    return;
  }
  const body = typeof raw.body === 'string' ? Buffer.from(raw.body) : raw.body;
  res.status(raw.status);
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Writes a handler's result: its route's default JSON, a Reply, a raw or streamed body, a file. */
export async function sendResult<Ctx>(
  route: AnyRoute<Ctx>,
  req: Request,
  res: Response,
  result: unknown,
): Promise<void> {
  if (result instanceof FileReply) {
    try {
      assertRawStatus(route, 200);
    } catch (err) {
      await result.file.handle.close();
      throw err;
    }
    await sendOpenedFile(req, res, result.file, result.options);
    return;
  }
  if (result instanceof RawReply) {
    assertRawStatus(route, result.status);
    sendRaw(req, res, result);
    return;
  }
  if (result instanceof StreamReply) {
    assertRawStatus(route, result.status);
    await sendStream(req, res, result);
    return;
  }
  if (result instanceof Reply) {
    const text = serialise(route, result.status, result.body);
    applyReply(res, result);
    sendJson(res, result.status, text);
    return;
  }
  const status = defaultStatus(route);
  sendJson(res, status, serialise(route, status, result));
}
