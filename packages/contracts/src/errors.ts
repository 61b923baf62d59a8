/**
 * The error vocabulary shared by every package. Domain code throws a
 * subclass with a `kind`; the HTTP kit maps kinds to statuses in one place,
 * so no package below the apps knows about HTTP.
 */
export type ErrorKind =
  | 'invalid' // the caller sent something malformed (400)
  | 'unauthorized' // no or bad credential (401)
  | 'forbidden' // credential fine, target not allowed (403)
  | 'not_found' // the thing named does not exist (404)
  | 'gone' // the thing named existed and was deleted for good (410)
  | 'conflict' // state forbids it right now, e.g. a rebuild runs (409)
  | 'unprocessable' // well-formed but semantically unusable content (422)
  | 'rate_limited' // too many attempts from this caller; come back later (429)
  | 'upstream' // a third party we called failed (502)
  | 'unavailable'; // the capability is not configured or not reachable (503)

export class DomainError extends Error {
  readonly kind: ErrorKind;
  /** Extra members merged into the problem body (e.g. `available: false`). */
  readonly extra: Record<string, unknown>;

  constructor(kind: ErrorKind, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.kind = kind;
    this.extra = extra;
  }
}

/** A `path` or `relpath` that points outside the configured corpus roots. */
export class OutsideCorpusRoots extends DomainError {
  constructor(what: string) {
    super('forbidden', `${what} is outside the configured corpus roots`);
  }
}

/** A relative path that is absolute, contains `..`, NUL bytes or similar. */
export class InvalidRelativePath extends DomainError {
  constructor(field: string, reason: string) {
    super('invalid', `${field}: ${reason}`, { field });
  }
}

/** A file, artifact or episode that is not in the corpus. */
export class NotFound extends DomainError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super('not_found', message, extra);
  }
}

/**
 * A corpus whose first load is still running past the caller's patience:
 * a 503 with `Retry-After` (the kit sets the header from `retry_after_s`),
 * so a request never hangs on a large corpus loading. `'layers'`: the
 * episodes are served already, and what was asked for needs the GI, KG or
 * bridge files the load reads next (`episodes_ready: true` in the body).
 */
export class CorpusLoading extends DomainError {
  constructor(retryAfterSeconds: number, pending: 'corpus' | 'layers' = 'corpus') {
    super(
      'unavailable',
      pending === 'layers'
        ? "the corpus's insights, topics and people are still loading; retry shortly"
        : 'the corpus is still loading; retry shortly',
      {
        loading: true,
        retry_after_s: retryAfterSeconds,
        ...(pending === 'layers' ? { episodes_ready: true } : {}),
      },
    );
  }
}

/**
 * A caller over a rate limit or in a failed-sign-in backoff: a 429 whose
 * `Retry-After` (set by the kit from `retry_after_s`) says when to try again.
 */
export class TooManyRequests extends DomainError {
  constructor(retryAfterSeconds: number, message = 'too many requests; retry later') {
    super('rate_limited', message, { retry_after_s: Math.max(1, Math.ceil(retryAfterSeconds)) });
  }
}
