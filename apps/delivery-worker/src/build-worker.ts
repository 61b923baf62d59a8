import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import type { DeliveryChannel, PushKind } from '@podcast/contracts';
import {
  createEmailRenderer,
  createNativePushSender,
  createRelaySender,
  createSeamClient,
  createSmtpSender,
  createWebPushSender,
  NATIVE_PUSH_ORIGINS,
  processEnvelope,
  runChannelLoop,
  runEventsLoop,
  type Senders,
} from '@podcast/delivery';
import { writeFileAtomic } from '@podcast/runtime';
import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import { relayCursorFileOf, seamUrlOf, type WorkerConfig } from './env.js';
import { createHealthServer } from './health-server.js';
import { createLoopTelemetry } from './metrics.js';

export interface RunningWorker {
  channels: DeliveryChannel[];
  /** The health and metrics port actually bound (0 in the config picks a free one). */
  port: number;
  /** Stops pulling, lets sends in flight finish and report, closes transports. */
  stop(): Promise<void>;
}

/** Abortable wait: rejects with an AbortError when the worker stops. */
const sleep = (ms: number, signal: AbortSignal): Promise<void> => wait(ms, undefined, { signal });

/** A PEM given inline, or the path of a file holding it. */
const pemOf = (value: string) =>
  value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');

/** The relay's HTTP API when PODCAST_RELAY_URL is set: email (without SMTP) and its events. */
const relayOf = (config: WorkerConfig) =>
  config.PODCAST_RELAY_URL && config.PODCAST_RELAY_API_KEY
    ? { baseUrl: config.PODCAST_RELAY_URL, apiKey: config.PODCAST_RELAY_API_KEY }
    : undefined;

async function writeCursor(file: string, cursor: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, JSON.stringify({ cursor }));
}

async function sendersOf(config: WorkerConfig) {
  const appBaseUrl = config.PODCAST_APP_BASE_URL;
  const ca = config.PODCAST_PUSH_CA_FILE ? readFileSync(config.PODCAST_PUSH_CA_FILE) : undefined;
  const transport = config.PODCAST_SMTP_URL
    ? createTransport({ url: config.PODCAST_SMTP_URL, pool: true, maxConnections: 5 } as never)
    : undefined;
  const native =
    config.PODCAST_APNS_KEY &&
    config.PODCAST_APNS_KEY_ID &&
    config.PODCAST_APNS_TEAM_ID &&
    config.PODCAST_APNS_TOPIC
      ? createNativePushSender({
          key: pemOf(config.PODCAST_APNS_KEY),
          keyId: config.PODCAST_APNS_KEY_ID,
          teamId: config.PODCAST_APNS_TEAM_ID,
          topic: config.PODCAST_APNS_TOPIC,
          origin: config.PODCAST_APNS_ORIGIN ?? NATIVE_PUSH_ORIGINS[config.PODCAST_APNS_ENV],
          ...(ca ? { ca } : {}),
        })
      : undefined;
  const relay = relayOf(config);
  const sendEmail = transport
    ? createSmtpSender(transport, config.PODCAST_EMAIL_FROM)
    : relay && createRelaySender(config.PODCAST_EMAIL_FROM, relay);
  const senders: Senders = {
    appBaseUrl,
    ...(sendEmail
      ? { email: { render: await createEmailRenderer(appBaseUrl), send: sendEmail } }
      : {}),
    ...(config.PODCAST_VAPID_PUBLIC_KEY && config.PODCAST_VAPID_PRIVATE_KEY
      ? {
          webPush: createWebPushSender({
            vapid: {
              subject: config.PODCAST_VAPID_SUBJECT,
              publicKey: config.PODCAST_VAPID_PUBLIC_KEY,
              privateKey: config.PODCAST_VAPID_PRIVATE_KEY,
            },
            allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
            ...(ca ? { ca } : {}),
          }),
        }
      : {}),
    ...(native ? { nativePush: native } : {}),
  };
  const close = () => {
    transport?.close();
    native?.close();
  };
  return { senders, close };
}

/**
 * The one push kind this worker can send, so its pulls leave the other
 * kind's envelopes pending for a worker that sends them; undefined when it
 * sends both (or none).
 */
function pushKindOf(senders: Senders): PushKind | undefined {
  if (senders.webPush && !senders.nativePush) {
    return 'webpush';
  }
  if (senders.nativePush && !senders.webPush) {
    return 'nativepush';
  }
  return undefined;
}

/**
 * Starts the worker of one tenant: a loop per configured channel (email when
 * SMTP is set; push when Web Push or native push is), plus the health and
 * metrics port. Everything it holds is built here and released by stop().
 */
export async function startWorker(config: WorkerConfig, logger: Logger): Promise<RunningWorker> {
  const { senders, close } = await sendersOf(config);
  const channels: DeliveryChannel[] = [
    ...(senders.email ? (['email'] as const) : []),
    ...(senders.webPush || senders.nativePush ? (['push'] as const) : []),
  ];
  const seam = createSeamClient({
    baseUrl: seamUrlOf(config),
    token: config.PODCAST_INTERNAL_OUTBOX_TOKEN,
  });
  const telemetry = createLoopTelemetry(logger);
  const stopping = new AbortController();
  const retry = {
    attempts: config.PODCAST_RETRY_ATTEMPTS,
    baseMs: config.PODCAST_RETRY_BASE_MS,
    maxMs: config.PODCAST_RETRY_BASE_MS * 16,
  };
  const pushKind = pushKindOf(senders);
  const loops = channels.map((channel) =>
    runChannelLoop({
      channel,
      ...(channel === 'push' && pushKind ? { pushKind } : {}),
      seam,
      concurrency: config.PODCAST_CONCURRENCY,
      idleMs: config.PODCAST_IDLE_MS,
      seamBackoff: { baseMs: 500, maxMs: 30_000 },
      signal: stopping.signal,
      sleep,
      random: Math.random,
      events: telemetry.events,
      process: (raw) =>
        processEnvelope(raw, senders, {
          retry,
          random: Math.random,
          sleep: (ms) => sleep(ms, stopping.signal),
          onRetry: () => telemetry.retried(channel),
        }),
    }),
  );
  const relay = relayOf(config);
  if (relay) {
    loops.push(
      runEventsLoop({
        relay,
        seam,
        cursorFile: relayCursorFileOf(config),
        writeCursor,
        pollMs: config.PODCAST_EVENTS_POLL_MS,
        pageSize: 100,
        signal: stopping.signal,
        sleep,
        onFeedback: (_id, status) => telemetry.feedback(status),
        onError: (detail) => logger.warn({ detail }, 'relay events unavailable'),
      }),
    );
  }
  const server = createHealthServer(telemetry.registry, {
    tenant: config.PODCAST_TENANT,
    channels: relay ? [...channels, 'events'] : channels,
    lastPull: telemetry.lastPull,
    stopping: () => stopping.signal.aborted,
  });
  await new Promise<void>((resolve) =>
    server.listen(config.PODCAST_METRICS_PORT, config.HOST, resolve),
  );
  logger.info(
    { tenant: config.PODCAST_TENANT, channels, push_kind: pushKind ?? 'all' },
    'delivery worker started',
  );
  if (channels.length === 0) {
    logger.warn(
      'no channel is configured (PODCAST_SMTP_URL, PODCAST_RELAY_URL, VAPID or native push keys): nothing to deliver',
    );
  }
  return {
    channels,
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      stopping.abort();
      await Promise.all(loops);
      close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
