import type { ErrorRequestHandler } from 'express';
import type { AnyRoute } from './define-route.js';
import { ValidationFailed } from './http-error.js';
import { fits } from './method-not-allowed.js';
import { segmentsOf } from './route-shadowing.js';
import { sendResult } from './send-result.js';

/**
 * A path segment express cannot percent-decode (`%E0%A4%A`) fails while the
 * routes are matched, before any of them runs. Mounted before the problem
 * sender: when the request fits a route that answers its own malformed
 * input (`invalid`), that route answers this too, as it answers a bad
 * parameter; every other request keeps the kit's 400.
 */
export function undecodablePaths<Ctx>(routes: readonly AnyRoute<Ctx>[]): ErrorRequestHandler {
  const declared = routes
    .filter((route) => route.invalid !== undefined)
    .map((route) => ({ route, segments: segmentsOf(route.path) }));
  return (err, req, res, next) => {
    const asked = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
    const given = req.path.split('/').filter((part) => part !== '');
    const match =
      err instanceof URIError
        ? declared.find((d) => d.route.method === asked && fits(d.segments, given))
        : undefined;
    if (match === undefined) {
      next(err);
      return;
    }
    const failure = new ValidationFailed([
      { field: 'path', message: 'a segment is not valid percent-encoded UTF-8' },
    ]);
    sendResult(match.route, req, res, match.route.invalid?.(failure)).catch(next);
  };
}
