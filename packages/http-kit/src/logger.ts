import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LevelWithSilent, type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestIdOf } from './request-id.js';

export function createLogger(level: LevelWithSilent, name: string): Logger {
  return pino({ level, name, base: { service: name } });
}

/**
 * Request logging: one JSON line per request with its id. Only the path is
 * logged, never the query string, cookies or authorization headers, since
 * those may carry search text or credentials.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: String(req.url ?? '').split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  });
}
