import type { LoopEvents } from '@podcast/delivery';
import type { Logger } from 'pino';
import { Counter, Histogram, Registry } from 'prom-client';

/** Prometheus metrics per channel, and the log lines of the same events (never bodies or addresses). */
export function createLoopTelemetry(logger: Logger) {
  const registry = new Registry();
  const sent = new Counter({
    name: 'delivery_envelopes_total',
    help: 'Envelopes reported, by channel and terminal status',
    labelNames: ['channel', 'status'],
    registers: [registry],
  });
  const retried = new Counter({
    name: 'delivery_retries_total',
    help: 'Send attempts retried after a transient failure',
    labelNames: ['channel'],
    registers: [registry],
  });
  const seamErrors = new Counter({
    name: 'delivery_seam_errors_total',
    help: 'Failed pulls from the outbox seam',
    labelNames: ['channel'],
    registers: [registry],
  });
  const feedback = new Counter({
    name: 'delivery_feedback_total',
    help: 'Relay bounce and complaint events posted to the seam',
    labelNames: ['status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'delivery_send_seconds',
    help: 'From pull to reported status, per envelope',
    labelNames: ['channel'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const lastPull = new Map<string, string>();
  const events: LoopEvents = {
    pulled(channel, count) {
      lastPull.set(channel, new Date().toISOString());
      if (count > 0) {
        logger.debug({ channel, count }, 'pulled');
      }
    },
    reported(channel, processed, ms) {
      sent.inc({ channel, status: processed.result.status });
      latency.observe({ channel }, ms / 1000);
      const { status, attempts } = processed.result;
      const line = { channel, id: processed.id, status, attempts };
      if (status === 'delivered') {
        logger.debug(line, 'reported');
      } else {
        logger.info({ ...line, detail: processed.result.detail }, 'reported');
      }
    },
    seamDown(channel, detail, waitMs) {
      seamErrors.inc({ channel });
      logger.warn({ channel, detail, wait_ms: waitMs }, 'outbox seam unavailable');
    },
    reportLost(channel, id, detail) {
      logger.error(
        { channel, id, detail },
        'status report lost; the lease will hand the envelope out again',
      );
    },
    crashed(channel, detail) {
      logger.error({ channel, detail }, 'processing an envelope failed unexpectedly');
    },
  };
  return {
    registry,
    events,
    retried: (channel: string) => retried.inc({ channel }),
    feedback: (status: string) => feedback.inc({ status }),
    lastPull: () => Object.fromEntries(lastPull),
  };
}
