import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AnyRoute } from './define-route.js';

/**
 * Statuses the kit answers on a route whatever the route declares, each with
 * its OpenAPI description: input that fails the schemas, a refused
 * credential on a guarded route (and the sign-in throttle of app passwords),
 * a body too large or of a type the route does not read, a cached answer not
 * modified, the unexpected error, and a dependency or the corpus not ready.
 */
export function kitStatusesOf<Ctx>(route: AnyRoute<Ctx>): ReadonlyMap<number, string> {
  const statuses = new Map<number, string>([[400, 'Invalid input; `errors` names each field']]);
  if (route.auth !== 'open') {
    statuses.set(401, 'Missing or refused credential');
  }
  if (route.auth === 'open' && !route.unlimited) {
    statuses.set(429, 'Too many requests from this address; see Retry-After');
  }
  if (route.auth === 'sync' || route.auth === 'sync-or-token' || route.auth === 'feed') {
    statuses.set(429, 'Too many failed sign-ins from this name or address; see Retry-After');
  }
  if (route.auth === 'sync-or-token') {
    statuses.set(403, 'An access token without the `sync` scope');
  }
  if (route.body) {
    statuses.set(413, 'Body larger than the route accepts');
    statuses.set(415, 'Body of a media type the route does not read');
  }
  if (route.cache) {
    statuses.set(304, 'Not modified: the ETag sent in If-None-Match still holds');
  }
  statuses.set(500, 'Unexpected error');
  statuses.set(
    503,
    'Not available right now (the corpus still loading, a dependency down); see Retry-After',
  );
  return statuses;
}

/** Every status a route may answer: what it declares plus what the kit adds. */
export function declaredStatusesOf<Ctx>(route: AnyRoute<Ctx>): ReadonlySet<number> {
  return new Set([...Object.keys(route.responses).map(Number), ...kitStatusesOf(route).keys()]);
}

/**
 * Makes an answer with a status the route's declaration does not list a 500,
 * logged with the route and the status. On in tests, so a test that observes
 * an undeclared status fails and the OpenAPI document cannot drift from what
 * the routes answer.
 */
export function guardDeclaredStatuses<Ctx>(
  route: AnyRoute<Ctx>,
  allowed: ReadonlySet<number>,
  res: ServerResponse,
  logger: Logger,
): void {
  const writeHead = res.writeHead;
  res.writeHead = function guarded(this: ServerResponse, status: number, ...rest: unknown[]) {
    if (!allowed.has(status)) {
      logger.error(
        { route: `${route.method.toUpperCase()} ${route.path}`, status },
        'route answered a status its declaration does not list',
      );
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, 500, ...rest);
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}
