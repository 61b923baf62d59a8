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
import { type AnyRoute, isRawSpec, Reply } from './define-route.js';
import { HttpError, problemBody, problemFromError, validationErrorFrom } from './http-error.js';
import { requestLogger } from './logger.js';
import { type ApiInfo, buildOpenApiDocument } from './openapi.js';
import { restParamNames, toExpressPath } from './paths.js';

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

function sendResult<Ctx>(route: AnyRoute<Ctx>, res: Response, result: unknown): void {
  if (res.headersSent || res.writableEnded) {
    return;
  }
  const isReply = result instanceof Reply;
  const status = isReply
    ? result.status
    : Number(Object.keys(route.responses).find((s) => Number(s) < 300) ?? 200);
  const body = isReply ? result.body : result;
  if (isReply) {
    res.set(result.headers);
  }
  const spec = route.responses[status];
  if (status === 204 || status === 304 || (status >= 300 && status < 400 && body === undefined)) {
    res.status(status).end();
    return;
  }
  if (!spec || isRawSpec(spec)) {
    res.status(status).json(body);
    return;
  }
  // Output goes through its schema too: drift between code and contract is a
  // 500 we see in tests, never a silently different payload.
  const parsed = spec.safeParse(body);
  if (!parsed.success) {
    throw new ResponseContractBroken(
      `${route.method.toUpperCase()} ${route.path} ${status}`,
      parsed.error,
    );
  }
  res.status(status).type(status >= 400 ? 'application/problem+json' : 'application/json');
  res.send(JSON.stringify(parsed.data));
}

class ResponseContractBroken extends Error {
  constructor(
    where: string,
    readonly zodError: z.ZodError,
  ) {
    super(`response of ${where} does not match its schema`);
  }
}

function routeHandler<Ctx>(route: AnyRoute<Ctx>, options: AppOptions<Ctx>): RequestHandler {
  const rest = restParamNames(route.path);
  return async (req, res) => {
    let principal: unknown;
    if (route.auth !== 'open') {
      const authenticate = options.authenticators?.[route.auth];
      if (!authenticate) {
        throw new HttpError(503, `${route.auth} authentication is not configured on this server`);
      }
      principal = await authenticate(req);
    }
    const params = parsePart('params', route.params, paramsOf(req, rest));
    const query = parsePart('query', route.query, req.query);
    const body = parsePart('body', route.body, req.body);
    const result = await route.handler({
      params,
      query,
      body,
      ctx: options.ctx,
      principal,
      req,
      res,
    });
    sendResult(route, res, result);
  };
}

const sendProblem: ErrorRequestHandler = (err, req, res, _next) => {
  const requestId = String(req.id ?? '');
  let problem = problemFromError(err);
  if (!problem) {
    req.log.error(
      { err, request_id: requestId, zod: (err as ResponseContractBroken).zodError?.issues },
      'unhandled error',
    );
    problem = problemBody(500, 'internal error; quote the request id when reporting it');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(problem.status).type('application/problem+json');
  res.send(JSON.stringify({ ...problem, request_id: requestId }));
};

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
  app.use(sendProblem);
  return app;
}
