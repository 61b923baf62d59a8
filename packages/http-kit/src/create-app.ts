import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Logger } from 'pino';
import swaggerUi from 'swagger-ui-express';
import type { z } from 'zod';
import type { Authenticators } from './auth.js';
import { createCodingNegotiator } from './content-coding.js';
import { type AnyRoute, isRawSpec, Reply, type RouteInput } from './define-route.js';
import { HttpError, problemBody, problemFromError, validationErrorFrom } from './http-error.js';
import { requestLogger } from './logger.js';
import { type ApiInfo, buildOpenApiDocument } from './openapi.js';
import { restParamNames, toExpressPath } from './paths.js';
import {
  type CachedResponse,
  cachedResponse,
  createResponseCache,
  matchesIfNoneMatch,
  type Representation,
  representationOf,
} from './response-cache.js';

export interface AppOptions<Ctx> {
  routes: readonly AnyRoute<Ctx>[];
  ctx: Ctx;
  logger: Logger;
  info: ApiInfo;
  authenticators?: Authenticators;
  /** Largest JSON body accepted (default 1 MB). */
  bodyLimit?: string;
  /** Runs before the routes (e.g. cookie parsing, CORS). */
  before?: RequestHandler[];
}

function parsePart(where: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    return where === 'body' ? undefined : {};
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw validationErrorFrom(where, result.error);
  }
  return result.data;
}

function paramsOf(req: Request, rest: string[]): Record<string, unknown> {
  const params: Record<string, unknown> = { ...req.params };
  for (const name of rest) {
    const value = params[name];
    params[name] = Array.isArray(value) ? value.join('/') : value;
  }
  return params;
}

function defaultStatus<Ctx>(route: AnyRoute<Ctx>): number {
  return Number(Object.keys(route.responses).find((s) => Number(s) < 300) ?? 200);
}

/** The JSON text of a validated body; output goes through its schema too. */
function serialise<Ctx>(route: AnyRoute<Ctx>, status: number, body: unknown): string | undefined {
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
      `${route.method.toUpperCase()} ${route.path} ${status}`,
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

/** Sends a handler's result unless the handler already wrote the response itself. */
function sendResult<Ctx>(route: AnyRoute<Ctx>, res: Response, result: unknown): void {
  if (res.headersSent || res.writableEnded) {
    return;
  }
  if (result instanceof Reply) {
    res.set(result.headers);
    sendJson(res, result.status, serialise(route, result.status, result.body));
    return;
  }
  const status = defaultStatus(route);
  sendJson(res, status, serialise(route, status, result));
}

class ResponseContractBroken extends Error {
  constructor(
    where: string,
    readonly zodError: z.ZodError,
  ) {
    super(`response of ${where} does not match its schema`);
  }
}

async function principalOf<Ctx>(
  route: AnyRoute<Ctx>,
  options: AppOptions<Ctx>,
  req: Request,
): Promise<unknown> {
  if (route.auth === 'open') {
    return undefined;
  }
  const authenticate = options.authenticators?.[route.auth];
  if (!authenticate) {
    throw new HttpError(503, `${route.auth} authentication is not configured on this server`);
  }
  return authenticate(req);
}

/**
 * Awaiting only what is pending keeps a cache hit free of needless
 * microtask hops. A duck test: promises of another realm (jest's module
 * sandbox) fail `instanceof Promise`.
 */
function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/** Where a cacheable request's answer lives: its scope, and its key within that scope. */
async function cacheSlotOf<Ctx>(
  cache: NonNullable<AnyRoute<Ctx>['cache']>,
  input: RouteInput<Ctx, unknown, unknown, unknown>,
): Promise<{ scope: object; key: string }> {
  const scoped = cache.scope(input);
  const scope = isPromiseLike(scoped) ? await scoped : scoped;
  const varied = cache.vary?.(input, scope) ?? '';
  const vary = isPromiseLike(varied) ? await varied : varied;
  return { scope, key: `${JSON.stringify(input.params)}|${JSON.stringify(input.query)}|${vary}` };
}

function routeHandler<Ctx>(route: AnyRoute<Ctx>, options: AppOptions<Ctx>): RequestHandler {
  const rest = restParamNames(route.path);
  const status = defaultStatus(route);
  const cache = createResponseCache();
  return async (req, res) => {
    const principal = await principalOf(route, options, req);
    const params = parsePart('params', route.params, paramsOf(req, rest));
    const query = parsePart('query', route.query, req.query);
    const body = parsePart('body', route.body, req.body);
    const input = { params, query, body, ctx: options.ctx, principal, req, res };
    const slot = route.cache ? await cacheSlotOf(route.cache, input) : undefined;
    const hit = slot && cache.find(slot.scope, slot.key);
    if (hit) {
      await sendCached(req, res, hit);
      return;
    }
    const result = await route.handler(input);
    const text =
      slot && isDefaultJson(route, result) ? serialise(route, status, result) : undefined;
    if (slot && text !== undefined) {
      const entry = cachedResponse(status, text);
      cache.store(slot.scope, slot.key, entry);
      await sendCached(req, res, entry);
      return;
    }
    sendResult(route, res, result);
  };
}

/** A plain (non-Reply) result of a route that has not written the response itself. */
function isDefaultJson<Ctx>(route: AnyRoute<Ctx>, result: unknown): boolean {
  const spec = route.responses[defaultStatus(route)];
  return (
    !(result instanceof Reply) && result !== undefined && spec !== undefined && !isRawSpec(spec)
  );
}

const negotiate = createCodingNegotiator();

/**
 * Cached answers go out in the best coding the client accepts (made once
 * per entry, so compression costs nothing per request), straight to the
 * socket with precomputed headers: express's `res.send` would re-derive
 * type, length and freshness on every hit.
 */
function sendCached(req: Request, res: Response, entry: CachedResponse): void | Promise<void> {
  const chosen = representationOf(entry, negotiate(req.headers['accept-encoding']));
  if (isPromiseLike(chosen)) {
    return chosen.then((representation) => writeCached(req, res, entry.status, representation));
  }
  writeCached(req, res, entry.status, chosen);
}

function writeCached(req: Request, res: Response, status: number, chosen: Representation): void {
  if (matchesIfNoneMatch(req.headers['if-none-match'], chosen.etag)) {
    res.writeHead(304, { ETag: chosen.etag, Vary: 'Accept-Encoding' }).end();
    return;
  }
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': chosen.body.length,
    ETag: chosen.etag,
    Vary: 'Accept-Encoding',
  };
  if (chosen.coding !== undefined) {
    headers['Content-Encoding'] = chosen.coding;
  }
  res.writeHead(status, headers);
  res.end(chosen.body);
}

function problemSender(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = req.id ?? '';
    let problem = problemFromError(err);
    if (!problem) {
      const zod = (err as ResponseContractBroken).zodError?.issues;
      logger.error({ err, request_id: requestId, zod }, 'unhandled error');
      problem = problemBody(500, 'internal error; quote the request id when reporting it');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(problem.status).type('application/problem+json');
    res.send(JSON.stringify({ ...problem, request_id: requestId }));
  };
}

/** Builds the express app: logging, JSON parsing, routes, /openapi.json, /docs, problems. */
export function createApp<Ctx>(options: AppOptions<Ctx>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLogger(options.logger));
  app.use(express.json({ limit: options.bodyLimit ?? '1mb' }));
  for (const mw of options.before ?? []) {
    app.use(mw);
  }
  for (const route of options.routes) {
    app[route.method](toExpressPath(route.path), routeHandler(route, options));
  }
  const document = buildOpenApiDocument(options.routes, options.info);
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use(
    '/docs',
    swaggerUi.serve,
    swaggerUi.setup(document, { customSiteTitle: options.info.title }),
  );
  app.use((req, _res, next) => {
    next(new HttpError(404, `no route ${req.method} ${req.path}`));
  });
  app.use(problemSender(options.logger));
  return app;
}
