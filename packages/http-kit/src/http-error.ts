import { DomainError, type ErrorKind } from '@podcast/contracts';
import type { z } from 'zod';

/** An error raised by the HTTP layer itself (auth, bad JSON, unknown route). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    /** Headers the problem answer carries (e.g. `WWW-Authenticate` on a 401). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** Request input that failed its zod schema; `errors` names each field. */
export class ValidationFailed extends HttpError {
  constructor(readonly fieldErrors: { field: string; message: string }[]) {
    const first = fieldErrors[0];
    const detail = first
      ? `${first.field}: ${first.message}${fieldErrors.length > 1 ? ` (and ${fieldErrors.length - 1} more)` : ''}`
      : 'invalid request';
    super(400, detail, { errors: fieldErrors });
  }
}

/**
 * A body its parser could not read (malformed JSON): there is no field to
 * name but `body`. A route with its own error shape tells it apart from a
 * schema failure, as JSON-RPC does (-32700 against -32600).
 */
export class MalformedBody extends ValidationFailed {
  constructor() {
    super([{ field: 'body', message: 'malformed JSON' }]);
  }
}

/** Whether `err` is body-parser's refusal of a body that does not parse. */
export function isBodyParseFailure(err: unknown): boolean {
  return (err as { type?: unknown } | undefined)?.type === 'entity.parse.failed';
}

export function validationErrorFrom(where: string, error: z.ZodError): ValidationFailed {
  return new ValidationFailed(
    error.issues.map((issue) => ({
      field: [where, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}

// One table: which status each domain error kind becomes.
const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  request_id?: string;
  [key: string]: unknown;
}

export function problemBody(
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
): ProblemBody {
  return { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail, ...extra };
}

/** Maps a thrown value to a problem; undefined means "unknown, answer 500". */
export function problemFromError(err: unknown): ProblemBody | undefined {
  if (err instanceof HttpError) {
    return problemBody(err.status, err.detail, err.extra);
  }
  if (err instanceof DomainError) {
    return problemBody(STATUS_OF_KIND[err.kind], err.message, err.extra);
  }
  // express's router fails to decode a path parameter such as `%FF`
  if (err instanceof URIError) {
    return problemBody(400, 'path: a segment is not valid percent-encoded UTF-8');
  }
  // body-parser errors carry a status and a `type` (entity.parse.failed, entity.too.large…)
  const e = err as { status?: unknown; type?: unknown; expose?: unknown };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose === true) {
    const detail =
      e.type === 'entity.parse.failed'
        ? 'body: malformed JSON'
        : e.type === 'entity.too.large'
          ? 'body: too large'
          : 'invalid request body';
    return problemBody(e.status, detail);
  }
  return undefined;
}
