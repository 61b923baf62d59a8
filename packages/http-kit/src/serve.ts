import type { Server } from 'node:http';
import { stopOnSignals } from '@podcast/runtime';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { appServer } from './app-server.js';
import { answerClientErrors } from './client-errors.js';

export interface ServeOptions {
  port: number;
  host: string;
  logger: Logger;
  /** Closed in order after the server stops accepting connections. */
  onShutdown?: (() => Promise<void> | void)[];
  /** Forced exit after this many ms if connections do not drain. */
  graceMs?: number;
}

/**
 * Listens, and on SIGTERM/SIGINT stops accepting, lets in-flight requests
 * finish, closes resources, then exits 0 (or 1 after the grace period).
 */
export function serve(app: Express, options: ServeOptions): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = appServer(app);
    server.listen(options.port, options.host, () => {
      options.logger.info({ port: options.port, host: options.host }, 'listening');
      resolve(server);
    });
    server.once('error', reject);
    answerClientErrors(server);
    const stop = async () => {
      server.closeIdleConnections();
      await new Promise<void>((done) => server.close(() => done()));
      for (const close of options.onShutdown ?? []) {
        await close();
      }
    };
    stopOnSignals(stop, { graceMs: options.graceMs, logger: options.logger });
  });
}
