import https from 'node:https';
import type { WebPushSubscription } from '@podcast/contracts';
import {
  type AllowedHosts,
  hostPolicy,
  OutboundRefused,
  pinnedLookup,
  type ResolveHost,
  strictAddressPolicy,
  systemResolveHost,
  vetHost,
} from '@podcast/runtime';
import webpush from 'web-push';
import { reasonOf, type SendOutcome } from '../send-outcome.js';
import type { RenderedPush } from '../templates/push-template.js';

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface WebPushOptions {
  vapid: VapidKeys;
  allowedHosts: AllowedHosts;
  resolveHost?: ResolveHost;
  /** Extra trusted CAs (a self-hosted push service; the tests' local endpoint). */
  ca?: string | Buffer;
  timeoutMs?: number;
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds?: number;
  /** The clock VAPID tokens are dated by (ms since the epoch); tests move it. */
  now?: () => number;
}

export type WebPushSender = (
  subscription: WebPushSubscription,
  push: RenderedPush,
) => Promise<SendOutcome>;

const AGENTS_MAX = 256;

/** The life a VAPID token is made with (RFC 8292 §2 allows at most 24 hours). */
export const VAPID_TOKEN_SECONDS = 12 * 3600;
/** A push service's token is made again once less than this is left of its life. */
export const VAPID_RENEW_SECONDS = 3600;
/** Push services whose tokens are kept (endpoints come from users; the oldest goes first). */
const VAPID_TOKENS_MAX = 256;

/**
 * The `Authorization` header for each push service, made once and sent with
 * every message to that service until an hour before it expires. The JWT's
 * claims are the service's origin (`aud`), our subject and its expiry, none
 * of them per message, so one signature serves them all. Signing it per
 * message (what web-push does when given the keys) was 43 % of the sender's
 * CPU in `pnpm bench --only=delivery`.
 */
function vapidTokens(vapid: VapidKeys, now: () => number) {
  const tokens = new Map<string, { authorization: string; expiresAtS: number }>();
  return (origin: string): string => {
    const nowS = Math.floor(now() / 1000);
    const kept = tokens.get(origin);
    if (kept !== undefined && kept.expiresAtS - nowS > VAPID_RENEW_SECONDS) {
      return kept.authorization;
    }
    const expiresAtS = nowS + VAPID_TOKEN_SECONDS;
    const { Authorization: authorization } = webpush.getVapidHeaders(
      origin,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiresAtS,
    );
    tokens.delete(origin);
    if (tokens.size >= VAPID_TOKENS_MAX) {
      const [oldest] = tokens.keys();
      tokens.delete(oldest as string);
    }
    tokens.set(origin, { authorization, expiresAtS });
    return authorization;
  };
}

/** How a push service's answer maps to an outcome (RFC 8030 §5, §7.3). */
export function webPushOutcome(status: number, body: string): SendOutcome {
  if (status >= 200 && status < 300) {
    return { kind: 'delivered' };
  }
  const detail = `push service ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  if (status === 404 || status === 410) {
    return { kind: 'bounced', detail };
  }
  return status === 429 || status >= 500 ? { kind: 'retry', detail } : { kind: 'failed', detail };
}

/**
 * Web Push with the web-push library: RFC 8291 aes128gcm payload encryption
 * and a VAPID (RFC 8292) JWT. The endpoint comes from a user, so its host is
 * vetted by the outbound guard and the connection pinned to the vetted
 * address (OUTBOUND_ALLOWED_HOSTS admits a push service on a private
 * address). Keep-alive agents are reused per vetted address, and the VAPID
 * token per push service (`vapidTokens`).
 */
export function createWebPushSender(options: WebPushOptions): WebPushSender {
  const resolveHost = options.resolveHost ?? systemResolveHost;
  const vapidFor = vapidTokens(options.vapid, options.now ?? Date.now);
  const agents = new Map<string, https.Agent>();
  const agentFor = (address: Awaited<ReturnType<typeof vetHost>>) => {
    const key = `${address.family}/${address.address}`;
    let agent = agents.get(key);
    if (agent === undefined) {
      agent = new https.Agent({
        keepAlive: true,
        lookup: pinnedLookup(address),
        ...(options.ca ? { ca: options.ca } : {}),
      });
      if (agents.size >= AGENTS_MAX) {
        const [oldest] = agents.keys();
        agents.get(oldest as string)?.destroy();
        agents.delete(oldest as string);
      }
      agents.set(key, agent);
    }
    return agent;
  };
  return async (subscription, push) => {
    const url = new URL(subscription.endpoint);
    if (url.protocol !== 'https:') {
      return { kind: 'failed', detail: 'push endpoint is not https' };
    }
    let vetted: Awaited<ReturnType<typeof vetHost>>;
    try {
      const policy = hostPolicy(strictAddressPolicy, options.allowedHosts, url.hostname);
      vetted = await vetHost(url.hostname, { policy, resolveHost });
    } catch (err) {
      if (err instanceof OutboundRefused) {
        return { kind: 'failed', detail: `push endpoint refused: ${err.reason}` };
      }
      return { kind: 'retry', detail: `push endpoint lookup: ${reasonOf(err)}` };
    }
    try {
      const res = await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: subscription.keys },
        JSON.stringify(push),
        {
          // The VAPID header is ours (kept per push service). A null here makes
          // web-push sign nothing, whatever global details it was given; its
          // types only allow omitting the field, which would fall back to those.
          vapidDetails: null as unknown as undefined,
          headers: { Authorization: vapidFor(url.origin) },
          TTL: options.ttlSeconds ?? 86_400,
          timeout: options.timeoutMs ?? 10_000,
          agent: agentFor(vetted),
          contentEncoding: 'aes128gcm',
        },
      );
      return webPushOutcome(res.statusCode, '');
    } catch (err) {
      if (err instanceof webpush.WebPushError) {
        return webPushOutcome(err.statusCode, err.body ?? '');
      }
      return { kind: 'retry', detail: `push: ${reasonOf(err)}` };
    }
  };
}
