import { safeEqual } from '@podcast/runtime';
import type { Request } from 'express';
import type { HttpMethod, Principals } from './define-route.js';
import { HttpError } from './http-error.js';
import type { ReplyCookie } from './replies.js';

/**
 * A principal with cookies to set on the answer, whatever the handler
 * answers (a protocol whose login rides on its first authenticated
 * request: gPodder's `sessionid`).
 */
export class Authenticated<T> {
  constructor(
    readonly principal: T,
    readonly cookies: readonly ReplyCookie[],
  ) {}
}

/**
 * Resolves the principal for a route's auth class, or throws an HttpError.
 * `route` names the operation, for a protocol that answers one of them
 * differently (gPodder's login).
 */
export type Authenticator<T = unknown> = (
  req: Request,
  route: { method: HttpMethod; path: string },
) => T | Authenticated<T> | Promise<T | Authenticated<T>>;
export type Authenticators<Pr extends Principals = Principals> = {
  [K in keyof Pr]?: Authenticator<Pr[K]>;
};

/** What the kit's bearer and internal-token authenticators resolve to. */
export interface OperatorPrincipal {
  kind: 'operator';
}
export interface InternalPrincipal {
  kind: 'internal';
}

/**
 * An authenticator of a configured token that fails closed: while the token
 * is unset every call is refused with `unset`, whose detail names the
 * variable to set.
 */
function configuredTokenAuth<T>(
  token: string | undefined,
  principalOf: (req: Request, token: string) => T,
  unset: { status: 401 | 503; detail: string },
): Authenticator<T> {
  return (req) => {
    if (!token) {
      throw new HttpError(unset.status, unset.detail);
    }
    return principalOf(req, token);
  };
}

function bearerPrincipal(req: Request, token: string): OperatorPrincipal {
  const match = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '');
  if (!match?.[1]) {
    throw new HttpError(401, 'missing operator credential: send Authorization: Bearer <token>');
  }
  if (!safeEqual(match[1].trim(), token)) {
    throw new HttpError(401, 'operator credential refused');
  }
  return { kind: 'operator' };
}

function internalPrincipal(req: Request, token: string): InternalPrincipal {
  const given = req.get('x-internal-token') ?? '';
  if (!given || !safeEqual(given, token)) {
    throw new HttpError(401, 'internal token missing or wrong');
  }
  return { kind: 'internal' };
}

/**
 * `Authorization: Bearer <token>`. With no token configured every call is
 * refused (fail closed), with a detail saying why.
 */
export const bearerTokenAuth = (token: string | undefined, variable: string) =>
  configuredTokenAuth(token, bearerPrincipal, {
    status: 401,
    detail: `operator routes are disabled: ${variable} is not configured`,
  });

/** `X-Internal-Token` of the outbox seam: 503 when unset, 401 on mismatch (spec 02). */
export const internalTokenAuth = (token: string | undefined, variable: string) =>
  configuredTokenAuth(token, internalPrincipal, {
    status: 503,
    detail: `internal endpoints are disabled: ${variable} is not configured`,
  });
