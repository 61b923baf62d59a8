/**
 * The part of a pino logger this package calls; a pino Logger satisfies it.
 * Its own module so connect.ts and pg-listen.ts both import it without
 * importing each other.
 */
export interface DatabaseLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a log line may say about a database error: which rule broke, never the data. */
export interface DatabaseErrorFacts {
  type: string;
  /** SQLSTATE, e.g. 23505 (unique violation), 23503 (foreign key), 22P02 (bad input syntax). */
  code: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  /** The stack without its first line, which repeats the message. */
  stack?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const FACTS = ['severity', 'table', 'column', 'constraint'] as const;

/**
 * The loggable facts of a PostgreSQL error from pg or PGlite, or undefined
 * for any other value. The message and `detail` quote values (`Key
 * (user_id)=(…)`, `invalid input syntax for type uuid: "…"`), and PGlite
 * attaches the SQL text and bound parameters (`query`, `params`): none of
 * those are kept. Install it as the logger's error serializer (runtime's
 * createLogger `errorFacts`).
 */
export function databaseErrorFacts(err: unknown): DatabaseErrorFacts | undefined {
  if (!(err instanceof Error)) {
    return undefined;
  }
  const fields = err as Error & Record<string, unknown>;
  const code = fields.code;
  if (typeof code !== 'string' || !SQLSTATE.test(code) || typeof fields.severity !== 'string') {
    return undefined;
  }
  const facts: DatabaseErrorFacts = { type: err.name, code };
  for (const key of FACTS) {
    const value = fields[key];
    if (typeof value === 'string') {
      facts[key] = value;
    }
  }
  const frames = err.stack?.split('\n').slice(1).join('\n');
  return frames ? { ...facts, stack: frames } : facts;
}
