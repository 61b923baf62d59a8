import type { Request, Response } from 'express';
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route.
 * - open: anyone;
 * - session: a signed-in user (the app's session resolver decides; in
 *   development it supplies the local user);
 * - operator: `Authorization: Bearer <OPERATOR_TOKEN>`, failing closed;
 * - internal: `X-Internal-Token`, the delivery worker's seam.
 */
export type AuthClass = 'open' | 'session' | 'operator' | 'internal';

/** A response that is not JSON (streams, text, redirects, images). */
export interface RawResponseSpec {
  description: string;
  contentType: string;
}
export type ResponseSpec = z.ZodType | RawResponseSpec;

export interface RouteInput<Ctx, P, Q, B> {
  params: P;
  query: Q;
  body: B;
  ctx: Ctx;
  /** The principal the route's auth class resolved (undefined for open routes). */
  principal: unknown;
  req: Request;
  res: Response;
}

type InputOf<Ctx, P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = RouteInput<
  Ctx,
  z.output<P>,
  z.output<Q>,
  z.output<B>
>;

/**
 * A route declared once: the kit derives validation, OpenAPI and error
 * mapping from it. `path` uses OpenAPI braces; `{name*}` captures the rest
 * of the path including slashes.
 */
export interface RouteDef<
  Ctx,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  S extends object = object,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  auth: AuthClass;
  params?: P;
  query?: Q;
  body?: B;
  responses: Record<number, ResponseSpec>;
  /**
   * Opt-in response cache for routes whose JSON answer is a pure function of
   * an immutable scope (a corpus snapshot) and the validated params and
   * query. `vary` adds whatever else the answer depends on (e.g. today's
   * date for time windows); it is handed the scope already resolved for the
   * request so it need not resolve it again. Only the route's default 2xx
   * JSON is cached.
   */
  cache?: {
    scope: (input: InputOf<Ctx, P, Q, B>) => Promise<S> | S;
    vary?: (input: InputOf<Ctx, P, Q, B>, scope: S) => string | Promise<string>;
  };
  handler: (input: InputOf<Ctx, P, Q, B>) => unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds routes of every input type
export type AnyRoute<Ctx> = RouteDef<Ctx, any, any, any, any>;

/** Returns a `defineRoute` bound to the app's context type. */
export function createRouteDefiner<Ctx>() {
  return function defineRoute<
    P extends z.ZodType = z.ZodType<Record<string, never>>,
    Q extends z.ZodType = z.ZodType<Record<string, never>>,
    B extends z.ZodType = z.ZodType<undefined>,
    S extends object = object,
  >(def: RouteDef<Ctx, P, Q, B, S>): AnyRoute<Ctx> {
    // A cached answer is replayed without running the handler: only a safe,
    // idempotent read may do that. Caught when the module loads.
    if (def.cache !== undefined && def.method !== 'get') {
      throw new Error(
        `${def.method.toUpperCase()} ${def.path}: only GET routes may declare a response cache`,
      );
    }
    return def as AnyRoute<Ctx>;
  };
}

/** A JSON reply with a status other than the route's first 2xx, or with headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply(status: number, body?: unknown, headers?: Record<string, string>): Reply {
  return new Reply(status, body, headers);
}

export function isRawSpec(spec: ResponseSpec): spec is RawResponseSpec {
  return typeof (spec as RawResponseSpec).contentType === 'string';
}
