/**
 * Network failures on the way to the server, and the server refusing or
 * ending sessions while it shuts down or starts (SQLSTATE class 08 and
 * 57P01-57P03, 53300 too many connections): the database is away, not the
 * request wrong.
 */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

// node-postgres reports a lost or timed-out connection with a message only.
const OUTAGE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed and is not queryable',
];

/** Seconds a client is told to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Whether `err` says the database is unreachable (rather than the statement wrong). */
export function isDatabaseOutage(err: unknown): boolean {
  if (!(err instanceof Error)) {
    return false;
  }
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (OUTAGE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (err instanceof AggregateError && err.errors.some(isDatabaseOutage)) {
    return true;
  }
  return OUTAGE_MESSAGES.some((text) => err.message.includes(text));
}

/** `retryAfterOutage` for the HTTP kit: a database outage answers 503, Retry-After 2 s. */
export function databaseOutageRetryAfter(err: unknown): number | undefined {
  return isDatabaseOutage(err) ? DATABASE_RETRY_AFTER_S : undefined;
}
