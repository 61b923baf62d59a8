import { HttpError } from '@podcast/http-kit';
import type { Request } from 'express';

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
