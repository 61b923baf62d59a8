export type { ChannelLoopOptions, LoopEvents } from './channel-loop.js';
export { runChannelLoop } from './channel-loop.js';
export type { DeliverDeps, DeliveryResult } from './deliver-envelope.js';
export { deliverWithRetries } from './deliver-envelope.js';
export type { EventsLoopOptions } from './events-loop.js';
export { runEventsLoop } from './events-loop.js';
export type { Processed, Senders } from './process-envelope.js';
export { processEnvelope } from './process-envelope.js';
export type { RetryPolicy } from './retry-policy.js';
export { backoffMs, DEFAULT_RETRY_POLICY } from './retry-policy.js';
export type { SeamClient, SeamClientOptions } from './seam-client.js';
export { createSeamClient, SeamError } from './seam-client.js';
export type { SendOutcome } from './send-outcome.js';
export { reasonOf, statusOf } from './send-outcome.js';
export type { NativePushOptions, NativePushSender } from './senders/native-push-sender.js';
export {
  createNativePushSender,
  NATIVE_PUSH_ORIGINS,
  nativePushOutcome,
  providerToken,
} from './senders/native-push-sender.js';
export type { RelayEvent, RelayEventsPage, RelayOptions } from './senders/relay-sender.js';
export { createRelaySender, fetchRelayEvents, relayOutcome } from './senders/relay-sender.js';
export type { EmailSend, EmailSender } from './senders/smtp-sender.js';
export { createSmtpSender } from './senders/smtp-sender.js';
export type { VapidKeys, WebPushOptions, WebPushSender } from './senders/web-push-sender.js';
export {
  createWebPushSender,
  VAPID_RENEW_SECONDS,
  VAPID_TOKEN_SECONDS,
  webPushOutcome,
} from './senders/web-push-sender.js';
export type { EmailRenderer, RenderedEmail } from './templates/email-template.js';
export {
  createEmailRenderer,
  RenderError,
  withoutIndentation,
} from './templates/email-template.js';
export type { RenderedPush } from './templates/push-template.js';
export { renderPush } from './templates/push-template.js';
