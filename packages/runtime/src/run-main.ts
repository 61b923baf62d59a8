import type { Logger } from 'pino';
import { ConfigError } from './config.js';

/** Releases what a running process holds (server, pools, subscriptions). */
export type Stop = () => Promise<void> | void;

export interface StopOptions {
  /** Forced exit 1 after this many ms if stopping does not finish (default 10 s). */
  graceMs?: number;
  logger?: Pick<Logger, 'info' | 'error'>;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * On the first SIGTERM or SIGINT runs `stop` once, then exits 0; exits 1 when
 * `stop` throws or outlives the grace period (a connection that never drains
 * must not keep a container from being replaced). `stop` may still be on its
 * way (a process signalled while starting stops once it has started).
 * Returns a function that removes the handlers again.
 */
export function stopOnSignals(
  stop: Stop | Promise<Stop | undefined>,
  options: StopOptions = {},
): () => void {
  let isStopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (isStopping) {
      return;
    }
    isStopping = true;
    options.logger?.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      options.logger?.error('did not stop in time; exiting');
      process.exit(1);
    }, options.graceMs ?? 10_000);
    timer.unref();
    try {
      const resolved = await stop;
      if (resolved === undefined) {
        // Started with nothing to stop (this handler is gone by now): leave the
        // signal to whoever else listens (serve), or to its default action.
        clearTimeout(timer);
        if (process.listenerCount(signal) === 0) {
          process.kill(process.pid, signal);
        }
        return;
      }
      await resolved();
      options.logger?.info('stopped');
      process.exit(0);
    } catch (err) {
      reportFatal(err);
    }
  };
  const handlers = SIGNALS.map((signal) => {
    const handler = () => void onSignal(signal);
    // `on`, not `once`: a second signal while stopping must not kill the
    // process with its default action halfway through.
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) {
      process.off(signal, handler);
    }
  };
}

function reportFatal(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
}

/**
 * Runs an entry point. A ConfigError prints its one line and exits 1, any
 * other failure its stack. When `main` resolves to a Stop, SIGTERM and
 * SIGINT run it (see stopOnSignals), also when they arrive during start-up;
 * otherwise the handlers are removed and the process ends when its work does.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: an async main that returns nothing is Promise<void>
export function runMain(main: () => Promise<Stop | undefined | void>, options?: StopOptions): void {
  // Handlers first: a signal that lands while `main` starts must not meet
  // the default action (an instant kill) before they exist.
  let started: (stop: Stop | undefined) => void = () => undefined;
  const stop = new Promise<Stop | undefined>((resolve) => {
    started = resolve;
  });
  const removeHandlers = stopOnSignals(stop, options);
  main().then((result) => {
    const found = typeof result === 'function' ? result : undefined;
    if (found === undefined) {
      removeHandlers();
    }
    started(found);
  }, reportFatal);
}
