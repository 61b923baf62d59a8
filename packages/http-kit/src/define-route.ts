import type { Request } from 'express';
import type { z } from 'zod';
import type { BodyKind } from './body-parsers.js';
import type { ValidationFailed } from './http-error.js';
import type { RawReply, Reply } from './replies.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route.
 * - open: anyone;
 * - session: a signed-in user (the app's session resolver decides; in
 *   development it supplies the local user);
 * - operator: `Authorization: Bearer <OPERATOR_TOKEN>`, failing closed;
 * - internal: `X-Internal-Token`, the delivery worker's seam;
 * - token: `Authorization: Bearer <access token>` the app itself issued
 *   (the remote MCP endpoint's OAuth tokens);
 * - sync: HTTP Basic with an app password, or the session cookie a sync
 *   login set (the gPodder API of podcast apps);
 * - sync-or-token: HTTP Basic with an app password, or an access token
 *   the app issued carrying its `sync` scope (the Open Podcast API);
 * - feed: what a podcast app can send for a feed and its files: a feed
 *   token in the query, HTTP Basic with an app password, or the session.
 */
export type AuthClass =
  | 'open'
  | 'session'
  | 'operator'
  | 'internal'
  | 'token'
  | 'sync'
  | 'sync-or-token'
  | 'feed';

/**
 * What each guarded auth class resolves to in an app, e.g.
 * `{ session: SessionPrincipal; operator: OperatorPrincipal; internal: … }`.
 */
export type Principals = Record<Exclude<AuthClass, 'open'>, unknown>;

/** The principal a handler sees for its route's auth class: nothing on an open route. */
export type PrincipalOf<Pr extends Principals, A extends AuthClass> =
  A extends Exclude<AuthClass, 'open'> ? Pr[A] : undefined;

/** A response that is not JSON (streams, text, redirects, images). */
export interface RawResponseSpec {
  description: string;
  contentType: string;
  /** The body's structure, for the documentation only (a JSON format of its own media type). */
  schema?: z.ZodType;
}
export type ResponseSpec = z.ZodType | RawResponseSpec;

export interface RouteInput<Ctx, P, Q, B, Principal = unknown> {
  params: P;
  query: Q;
  body: B;
  ctx: Ctx;
  /** The principal the route's auth class resolved (undefined for open routes). */
  principal: Principal;
  /** Read-only use (headers, cookies): answers go back as return values, never through `res`. */
  req: Request;
}

type InputOf<
  Ctx,
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  Principal,
> = RouteInput<Ctx, z.output<P>, z.output<Q>, z.output<B>, Principal>;

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
  A extends AuthClass = AuthClass,
  Principal = unknown,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Encodings the body may arrive in (default json only); see body-parsers.ts. */
  accepts?: readonly BodyKind[];
  /** Largest body accepted, in body-parser's notation (default: the app's, 1 MB). */
  bodyLimit?: string;
  responses: Record<number, ResponseSpec>;
  /**
   * Exempt from the app's open-route limit: a health check that load
   * balancers poll from a handful of addresses, at no cost worth bounding.
   */
  unlimited?: true;
  /**
   * For a route whose protocol fixes its error shape (OAuth's
   * `{error, error_description}`): answers input that failed its schemas,
   * instead of the kit's problem. The failure still names each field.
   */
  invalid?: (failure: ValidationFailed) => Reply | RawReply;
  /**
   * Opt-in response cache for routes whose JSON answer is a pure function of
   * an immutable scope (a corpus snapshot) and the validated params and
   * query. `vary` adds whatever else the answer depends on (e.g. today's
   * date for time windows); it is handed the scope already resolved for the
   * request so it need not resolve it again. A scope of `undefined` answers
   * that request uncached (a store whose answers have no immutable scope).
   * Only the route's default 2xx JSON is cached.
   */
  cache?: {
    scope: (input: InputOf<Ctx, P, Q, B, Principal>) => Promise<S | undefined> | S | undefined;
    vary?: (input: InputOf<Ctx, P, Q, B, Principal>, scope: S) => string | Promise<string>;
  };
  handler: (input: InputOf<Ctx, P, Q, B, Principal>) => unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds routes of every input type
export type AnyRoute<Ctx> = RouteDef<Ctx, any, any, any, any, AuthClass, any>;

/**
 * Returns a `defineRoute` bound to the app's context and principal types:
 * a handler's `principal` is typed by its route's `auth`, so no handler
 * casts it. The app's authenticators must produce these types (AppOptions).
 */
export function createRouteDefiner<Ctx, Pr extends Principals = Principals>() {
  return function defineRoute<
    P extends z.ZodType = z.ZodType<Record<string, never>>,
    Q extends z.ZodType = z.ZodType<Record<string, never>>,
    B extends z.ZodType = z.ZodType<undefined>,
    S extends object = object,
    A extends AuthClass = AuthClass,
  >(def: RouteDef<Ctx, P, Q, B, S, A, PrincipalOf<Pr, A>>): AnyRoute<Ctx> {
    // A cached answer is replayed without running the handler: only a safe,
    // idempotent read may do that. Caught when the module loads.
    if (def.cache !== undefined && def.method !== 'get') {
      throw new Error(
        `${def.method.toUpperCase()} ${def.path}: only GET routes may declare a response cache`,
      );
    }
    return def as unknown as AnyRoute<Ctx>;
  };
}

export function isRawSpec(spec: ResponseSpec): spec is RawResponseSpec {
  return typeof (spec as RawResponseSpec).contentType === 'string';
}
