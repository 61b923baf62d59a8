import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';

export interface LoggerOptions {
  /**
   * What a logged `err` becomes when this returns something (e.g. db's
   * databaseErrorFacts, which keeps a database error's code and constraint
   * but never its SQL, parameters or values); pino's standard form otherwise.
   */
  errorFacts?: (err: unknown) => object | undefined;
  /** Where lines go (default stdout); tests pass a stream to read them. */
  destination?: DestinationStream;
}

/** One JSON line per event, tagged with the service that wrote it. */
export function createLogger(
  level: LevelWithSilent,
  name: string,
  options: LoggerOptions = {},
): Logger {
  const { errorFacts, destination } = options;
  const err = (value: unknown) => errorFacts?.(value) ?? pino.stdSerializers.err(value as Error);
  return pino({ level, name, base: { service: name }, serializers: { err } }, destination);
}
