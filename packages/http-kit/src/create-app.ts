import { DomainError } from '@podcast/contracts';
import type { RateLimiter } from '@podcast/runtime';
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { Authenticated, type Authenticators } from './auth.js';
import { bodyParsersOf } from './body-parsers.js';
import { createCodingNegotiator } from './content-coding.js';
import { declaredStatusesOf, guardDeclaredStatuses } from './declared-statuses.js';
import { type AnyRoute, isRawSpec, type Principals, type RouteInput } from './define-route.js';
import { docsPage } from './docs-page.js';
import type { HotAnswers } from './hot-answers.js';
import {
  HttpError,
  isBodyParseFailure,
  MalformedBody,
  problemBody,
  problemFromError,
  ValidationFailed,
  validationErrorFrom,
} from './http-error.js';
import { requestLogger } from './logger.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { refuseNulCharacters } from './nul-characters.js';
import { type ApiInfo, buildOpenApiDocument } from './openapi.js';
import { restParamNames, toExpressPath } from './paths.js';
import { refuseMalformedQueryEscapes } from './query-escapes.js';
import { FileReply, RawReply, Reply, StreamReply } from './replies.js';
import {
  type CachedResponse,
  cachedResponse,
  createResponseCache,
  HOT_HITS,
  matchesIfNoneMatch,
  type Representation,
  type ResponseCache,
  representationOf,
} from './response-cache.js';
import { assertNoShadowedRoutes } from './route-shadowing.js';
import {
  defaultStatus,
  type ResponseContractBroken,
  sendResult,
  serialise,
} from './send-result.js';
import { takeFromSource } from './source-limit.js';
import { undecodablePaths } from './undecodable-paths.js';

export interface AppOptions<Ctx, Pr extends Principals = Principals> {
  /** Mounted in this order; a route another one shadows stops start-up (route-shadowing.ts). */
  routes: readonly AnyRoute<Ctx>[];
  ctx: Ctx;
  logger: Logger;
  info: ApiInfo;
  /** One per guarded auth class, producing the principal type its routes are typed with. */
  authenticators?: Authenticators<Pr>;
  /** Largest body a route accepts unless it declares its own `bodyLimit` (default 1 MB). */
  bodyLimit?: string;
  /** Runs before the routes (e.g. cookie parsing, CORS). */
  before?: RequestHandler[];
  /**
   * Where cached answers that get hot are remembered, to be made again in
   * the background when the app calls `refresh` (a new corpus snapshot).
   * Unset: answers are made on their first request only.
   */
  hotAnswers?: HotAnswers;
  /**
   * Turns an answer whose status the route does not declare into a logged
   * 500 (declared-statuses.ts). Default: on under jest (NODE_ENV=test), so
   * every test checks the OpenAPI document against what it observes.
   */
  strictStatuses?: boolean;
  /**
   * Spent once per request to an open route (unless the route is declared
   * `unlimited`), per source address; past it a 429 with Retry-After. The
   * bound the house rules put on every route anyone may call. Unset: none.
   */
  openRouteLimiter?: RateLimiter;
  /**
   * Recognises a dependency outage (the database unreachable) in an error no
   * route handled and says in how many seconds to retry: answered 503 with
   * Retry-After instead of a 500, so clients back off rather than report a bug.
   */
  retryAfterOutage?: (err: unknown) => number | undefined;
}

function parsePart(where: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    return where === 'body' ? undefined : {};
  }
  // One rule for every route, before its schema: input that PostgreSQL
  // cannot store is a 400 naming the field, never a 500 from a query.
  refuseNulCharacters(where, value);
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

async function principalOf<Ctx>(
  route: AnyRoute<Ctx>,
  options: AppOptions<Ctx, Principals>,
  req: Request,
  res: Response,
): Promise<unknown> {
  if (route.auth === 'open') {
    return undefined;
  }
  const authenticate = options.authenticators?.[route.auth];
  if (!authenticate) {
    throw new HttpError(503, `${route.auth} authentication is not configured on this server`);
  }
  const resolved = await authenticate(req, route);
  if (!(resolved instanceof Authenticated)) {
    return resolved;
  }
  for (const { name, value, options: cookie } of resolved.cookies) {
    if (value === undefined) {
      res.clearCookie(name, cookie);
    } else {
      res.cookie(name, value, cookie);
    }
  }
  return resolved.principal;
}

/**
 * Awaiting only what is pending keeps a cache hit free of needless
 * microtask hops. A duck test: promises of another realm (jest's module
 * sandbox) fail `instanceof Promise`.
 */
function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/**
 * Where a cacheable request's answer lives: its scope, and its key within
 * that scope; undefined when the route gives this request no scope.
 */
async function cacheSlotOf<Ctx>(
  cache: NonNullable<AnyRoute<Ctx>['cache']>,
  input: RouteInput<Ctx, unknown, unknown, unknown, unknown>,
): Promise<{ scope: object; key: string } | undefined> {
  const scoped = cache.scope(input);
  const scope = isPromiseLike(scoped) ? await scoped : scoped;
  if (scope === undefined) {
    return undefined;
  }
  const varied = cache.vary?.(input, scope) ?? '';
  const vary = isPromiseLike(varied) ? await varied : varied;
  return { scope, key: `${JSON.stringify(input.params)}|${JSON.stringify(input.query)}|${vary}` };
}

function runMiddleware(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
  });
}

/** Runs the route's body parsers; a body that does not parse is a MalformedBody. */
async function parseBody(parsers: readonly RequestHandler[], req: Request, res: Response) {
  try {
    for (const parse of parsers) {
      await runMiddleware(parse, req, res);
    }
  } catch (err) {
    throw isBodyParseFailure(err) ? new MalformedBody() : err;
  }
}

function parseParts<Ctx>(route: AnyRoute<Ctx>, req: Request, rest: string[]) {
  const params = parsePart('params', route.params, paramsOf(req, rest));
  const query = parsePart('query', route.query, req.query);
  const body = parsePart('body', route.body, req.body);
  return { params, query, body };
}

/**
 * The caller is authenticated before its body is read: without a
 * credential a 10 MB upload is a 401, not a 413, and costs no parsing.
 */
function routeHandler<Ctx>(
  route: AnyRoute<Ctx>,
  options: AppOptions<Ctx, Principals>,
  parsers: readonly RequestHandler[],
): RequestHandler {
  const rest = restParamNames(route.path);
  const status = defaultStatus(route);
  const cache = createResponseCache();
  const strict = options.strictStatuses ?? process.env.NODE_ENV === 'test';
  const allowed = declaredStatusesOf(route);
  return async (req, res) => {
    if (strict) {
      guardDeclaredStatuses(route, allowed, res, options.logger);
    }
    if (options.openRouteLimiter !== undefined && route.auth === 'open' && !route.unlimited) {
      takeFromSource(options.openRouteLimiter, req);
    }
    // Before the caller is authenticated: an authenticator may read the
    // query (a feed token), and a URL that does not decode is a 400 whoever asks.
    refuseMalformedQueryEscapes(req.originalUrl);
    const principal = await principalOf(route, options, req, res);
    let parts: { params: unknown; query: unknown; body: unknown };
    try {
      await parseBody(parsers, req, res);
      parts = parseParts(route, req, rest);
    } catch (err) {
      if (route.invalid && err instanceof ValidationFailed) {
        await sendResult(route, req, res, route.invalid(err));
        return;
      }
      throw err;
    }
    const input = { ...parts, ctx: options.ctx, principal, req };
    if (!route.cache) {
      await sendResult(route, req, res, await route.handler(input));
      return;
    }
    const spec = route.cache;
    const slot = await cacheSlotOf(spec, input);
    if (slot === undefined) {
      await sendResult(route, req, res, await route.handler(input));
      return;
    }
    const hit = cache.find(slot.scope, slot.key) ?? (await cache.pending(slot.scope, slot.key));
    if (hit) {
      hit.hits += 1;
      if (hit.hits === HOT_HITS && options.hotAnswers !== undefined) {
        const remake = () => remakeAnswer(route, spec, cache, input, status);
        options.hotAnswers.remember(`${route.method} ${route.path} ${slot.key}`, remake);
      }
      await sendCached(req, res, hit);
      return;
    }
    const { result, entry } = await makeAnswer(route, cache, slot, input, status);
    if (entry) {
      await sendCached(req, res, entry);
      return;
    }
    await sendResult(route, req, res, result);
  };
}

/**
 * Runs the handler for a slot whose answer nobody is making, and keeps the
 * answer when it is plain JSON; requests that miss meanwhile wait for it.
 */
async function makeAnswer<Ctx>(
  route: AnyRoute<Ctx>,
  cache: ResponseCache,
  slot: { scope: object; key: string },
  input: RouteInput<Ctx, unknown, unknown, unknown, unknown>,
  status: number,
): Promise<{ result: unknown; entry: CachedResponse | undefined }> {
  const made = cache.begin(slot.scope, slot.key);
  let entry: CachedResponse | undefined;
  try {
    const result = await route.handler(input);
    const text = isDefaultJson(route, result) ? serialise(route, status, result) : undefined;
    if (text !== undefined) {
      entry = cachedResponse(status, text);
      cache.store(slot.scope, slot.key, entry);
    }
    return { result, entry };
  } finally {
    made(entry);
  }
}

/**
 * A hot answer made for the scope current now, unless it is there or being
 * made, with the coding its request asked for: the first request after a
 * change finds the bytes, not a compression to wait for.
 */
async function remakeAnswer<Ctx>(
  route: AnyRoute<Ctx>,
  spec: NonNullable<AnyRoute<Ctx>['cache']>,
  cache: ResponseCache,
  input: RouteInput<Ctx, unknown, unknown, unknown, unknown>,
  status: number,
): Promise<void> {
  const slot = await cacheSlotOf(spec, input);
  if (
    slot === undefined ||
    cache.find(slot.scope, slot.key) !== undefined ||
    cache.pending(slot.scope, slot.key)
  ) {
    return;
  }
  const { entry } = await makeAnswer(route, cache, slot, input, status);
  if (entry !== undefined) {
    await representationOf(entry, negotiate(input.req.headers['accept-encoding']));
  }
}

function isExplicitReply(result: unknown): boolean {
  return (
    result instanceof Reply ||
    result instanceof RawReply ||
    result instanceof FileReply ||
    result instanceof StreamReply
  );
}

/** A plain result (no Reply of any kind) under a JSON default status: what the cache may keep. */
function isDefaultJson<Ctx>(route: AnyRoute<Ctx>, result: unknown): boolean {
  const spec = route.responses[defaultStatus(route)];
  return !isExplicitReply(result) && result !== undefined && spec !== undefined && !isRawSpec(spec);
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

/** A DomainError that says when to come back (`retry_after_s`, e.g. CorpusLoading) gets Retry-After. */
function retryAfterOf(err: unknown): number | undefined {
  const seconds = err instanceof DomainError ? err.extra.retry_after_s : undefined;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0
    ? seconds
    : undefined;
}

function problemSender(
  logger: Logger,
  retryAfterOutage: (err: unknown) => number | undefined = () => undefined,
): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = req.id ?? '';
    let problem = problemFromError(err);
    const outageRetry = problem ? undefined : retryAfterOutage(err);
    if (outageRetry !== undefined) {
      logger.warn({ err, request_id: requestId }, 'dependency unavailable');
      problem = problemBody(503, `a service this answer needs is down; retry in ${outageRetry} s`);
    }
    if (!problem) {
      const zod = (err as ResponseContractBroken).zodError?.issues;
      logger.error({ err, request_id: requestId, zod }, 'unhandled error');
      problem = problemBody(500, 'internal error; quote the request id when reporting it');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof HttpError) {
      res.set(err.headers);
    }
    const retryAfter = outageRetry ?? retryAfterOf(err);
    if (retryAfter !== undefined) {
      res.set('Retry-After', String(retryAfter));
    }
    res.status(problem.status).type('application/problem+json');
    res.send(JSON.stringify({ ...problem, request_id: requestId }));
  };
}

/** Builds the express app: logging, per-route body parsers, routes, OpenAPI, /docs, problems. */
export function createApp<Ctx, Pr extends Principals = Principals>(
  options: AppOptions<Ctx, Pr>,
): Express {
  assertNoShadowedRoutes(options.routes);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLogger(options.logger));
  for (const mw of options.before ?? []) {
    app.use(mw);
  }
  const limit = options.bodyLimit ?? '1mb';
  for (const route of options.routes) {
    const parsers = route.body
      ? bodyParsersOf(route.accepts ?? ['json'], route.bodyLimit ?? limit)
      : [];
    app[route.method](toExpressPath(route.path), routeHandler(route, options, parsers));
  }
  // Built when first asked for: generating it from every route's schemas
  // is a noticeable part of a start, before it could answer anything.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument(options.routes, options.info);
    res.json(document);
  });
  app.use('/docs', docsPage(options.info.title));
  app.use(methodNotAllowed(options.routes, [{ method: 'get', path: '/openapi.json' }]));
  app.use((req, _res, next) => {
    next(new HttpError(404, `no route ${req.method} ${req.path}`));
  });
  app.use(undecodablePaths(options.routes));
  app.use(problemSender(options.logger, options.retryAfterOutage));
  return app;
}
