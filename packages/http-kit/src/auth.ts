import { safeEqual } from '@podcast/runtime';
import type { Request } from 'express';
import type { Principals } from './define-route.js';
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

/** Resolves the principal for a route's auth class, or throws an HttpError. */
export type Authenticator<T = unknown> = (
  req: Request,
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
 * `Authorization: Bearer <token>`. With no token configured every call is
 * refused (fail closed), with a detail saying why.
 */
export function bearerTokenAuth(
  token: string | undefined,
  variable: string,
): Authenticator<OperatorPrincipal> {
  return (req) => {
    if (!token) {
      throw new HttpError(401, `operator routes are disabled: ${variable} is not configured`);
    }
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) {
      throw new HttpError(401, 'missing operator credential: send Authorization: Bearer <token>');
    }
    if (!safeEqual(match[1].trim(), token)) {
      throw new HttpError(401, 'operator credential refused');
    }
    return { kind: 'operator' };
  };
}

/** `X-Internal-Token` of the outbox seam: 503 when unset, 401 on mismatch (spec 02). */
export function internalTokenAuth(
  token: string | undefined,
  variable: string,
): Authenticator<InternalPrincipal> {
  return (req) => {
    if (!token) {
      throw new HttpError(503, `internal endpoints are disabled: ${variable} is not configured`);
    }
    const given = req.get('x-internal-token') ?? '';
    if (!given || !safeEqual(given, token)) {
      throw new HttpError(401, 'internal token missing or wrong');
    }
    return { kind: 'internal' };
  };
}
