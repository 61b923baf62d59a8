import type { OpaPageQuery } from '@podcast/contracts';
import { HttpError } from '@podcast/http-kit';
import type { UserStateDeps } from '@podcast/user-state';
import type { Request } from 'express';
import { type ConsumerCtx, userStateOf } from '../../context.js';

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The drafts' `Client-ID` header: which installation a change came from. Optional. */
export function clientIdOf(req: Request): string | null {
  const sent = req.get('client-id')?.trim();
  if (sent === undefined || sent === '') {
    return null;
  }
  if (!UUID_TEXT.test(sent)) {
    throw new HttpError(400, 'header Client-ID: a UUID is required', {
      errors: [{ field: 'header.Client-ID', message: 'not a UUID' }],
    });
  }
  return sent.toLowerCase();
}

/** The request's path and query, which the links to other pages keep. */
export function pageRequestOf(req: Request): { path: string; query: URLSearchParams } {
  const at = req.originalUrl.indexOf('?');
  return {
    path: req.path,
    query: new URLSearchParams(at < 0 ? '' : req.originalUrl.slice(at + 1)),
  };
}

export const OPA_TAGS = ['open-podcast-api'];

/** The handler of a paged list: `list` pages the user's rows, its links keeping the request's query. */
export function opaPageHandler<Page>(
  list: (
    deps: UserStateDeps,
    userId: string,
    query: OpaPageQuery,
    request: { path: string; query: URLSearchParams },
  ) => Promise<Page>,
) {
  return (input: {
    ctx: ConsumerCtx;
    query: OpaPageQuery;
    principal: { userId: string };
    req: Request;
  }): Promise<Page> =>
    list(userStateOf(input.ctx), input.principal.userId, input.query, pageRequestOf(input.req));
}
