import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';

/**
 * An HTTP server for `app` whose requests and responses are born with the
 * app's request and response prototypes.
 *
 * Express gives each request and response its prototypes by calling
 * `Object.setPrototypeOf` on them as they arrive. V8 then moves the object
 * to a new hidden class, and under load much of what a request allocates
 * was still reachable at the next young-generation collection and promoted
 * with it. Built from classes whose prototypes already are the app's, the
 * same call changes nothing (V8 returns early when the prototype is the
 * same), so almost nothing survives. Promotion matters most on a large
 * corpus, where each old-generation collection marks a large heap
 * (docs/decisions.md, "Performance").
 *
 * Express reads `app.request`/`app.response` on every request, so pointing
 * them at the classes' prototypes (which inherit from the old ones) keeps
 * every property and method the app had.
 */
export function appServer(app: Express): Server {
  class AppRequest extends IncomingMessage {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  app.request = AppRequest.prototype as unknown as Request;
  class AppResponse<Req extends IncomingMessage = IncomingMessage> extends ServerResponse<Req> {}
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.response = AppResponse.prototype as unknown as Response;
  return createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}
