import type { RequestHandler } from 'express';
import type { AnyRoute, HttpMethod } from './define-route.js';
import { HttpError } from './http-error.js';
import { type Segment, segmentsOf } from './route-shadowing.js';

const ORDER: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/** Whether a request path's segments fit a declared path (`{name}` one segment, `{name*}` one or more). */
export function fits(declared: readonly Segment[], given: readonly string[]): boolean {
  const [head, ...tail] = declared;
  if (head === undefined) {
    return given.length === 0;
  }
  if (given.length === 0) {
    return false;
  }
  switch (head.kind) {
    case 'rest':
      return given.some((_segment, taken) => fits(tail, given.slice(taken + 1)));
    case 'param':
      return fits(tail, given.slice(1));
    case 'pattern':
      return head.regex.test(given[0] ?? '') && fits(tail, given.slice(1));
    default:
      return given[0]?.toLowerCase() === head.text && fits(tail, given.slice(1));
  }
}

/** The `Allow` value of a path from the methods declared on it (GET brings HEAD, as express does). */
function allowHeader(methods: ReadonlySet<HttpMethod>): string {
  return ORDER.filter((m) => methods.has(m))
    .flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()]))
    .join(', ');
}

/**
 * Mounted after the routes: a request that no route took, on a path some
 * route declares with other methods, is a 405 with `Allow` listing the
 * methods of every declared path it fits (RFC 9110 §15.5.6). OPTIONS is left
 * alone, so it still falls through to the 404 (no CORS preflight is served).
 */
export function methodNotAllowed<Ctx>(
  routes: readonly AnyRoute<Ctx>[],
  extra: readonly { method: HttpMethod; path: string }[] = [],
): RequestHandler {
  const declared = [...routes, ...extra].map((r) => ({
    method: r.method,
    segments: segmentsOf(r.path),
  }));
  return (req, res, next) => {
    if (req.method === 'OPTIONS') {
      next();
      return;
    }
    const given = req.path.split('/').filter((part) => part !== '');
    const methods = new Set(declared.filter((d) => fits(d.segments, given)).map((d) => d.method));
    const asked = (req.method === 'HEAD' ? 'get' : req.method.toLowerCase()) as HttpMethod;
    if (methods.size === 0 || methods.has(asked)) {
      next();
      return;
    }
    const allow = allowHeader(methods);
    res.setHeader('Allow', allow);
    next(new HttpError(405, `${req.method} is not allowed on this path; use ${allow}`));
  };
}
