import { Writable } from 'node:stream';
import { type Logger, pino } from 'pino';

/**
 * A pino logger that keeps its JSON lines in memory (debug and up), so a
 * test prints nothing and can show what was, or was not, logged.
 */
export function memoryLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}
