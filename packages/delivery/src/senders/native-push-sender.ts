import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import http2 from 'node:http2';
import type { NativePushSubscription } from '@podcast/contracts';
import { reasonOf, type SendOutcome } from '../send-outcome.js';
import type { RenderedPush } from '../templates/push-template.js';

/** The native push service's hosts (token-based provider authentication over HTTP/2). */
export const NATIVE_PUSH_ORIGINS = {
  production: 'https://api.push.apple.com',
  sandbox: 'https://api.sandbox.push.apple.com',
} as const;

export interface NativePushOptions {
  /** The provider key: a PKCS#8 EC P-256 private key in PEM. */
  key: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id (apns-topic). */
  topic: string;
  /** An origin from NATIVE_PUSH_ORIGINS, or a local server in tests. */
  origin: string;
  /** Extra trusted CAs (the tests' local HTTP/2 server). */
  ca?: string | Buffer;
  now?: () => number;
  timeoutMs?: number;
}

export type NativePushSender = (
  subscription: NativePushSubscription,
  push: RenderedPush,
) => Promise<SendOutcome>;

/** Provider tokens live an hour; a fresh one is signed after 50 minutes. */
const TOKEN_TTL_MS = 50 * 60 * 1000;
const BOUNCE_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** An ES256 JWT: header {alg, kid}, claims {iss, iat}, signature in JOSE (r‖s) form. */
export function providerToken(
  key: KeyObject,
  keyId: string,
  teamId: string,
  nowMs: number,
): string {
  const header = base64url(JSON.stringify({ alg: 'ES256', kid: keyId }));
  const claims = base64url(JSON.stringify({ iss: teamId, iat: Math.floor(nowMs / 1000) }));
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), {
    key,
    dsaEncoding: 'ieee-p1363',
  });
  return `${header}.${claims}.${base64url(signature)}`;
}

/** How the service's answer maps to an outcome. */
export function nativePushOutcome(status: number, reason: string | undefined): SendOutcome {
  if (status === 200) {
    return { kind: 'delivered' };
  }
  const detail = `native push ${status}${reason ? ` ${reason}` : ''}`;
  if (status === 410 || (reason !== undefined && BOUNCE_REASONS.has(reason))) {
    return { kind: 'bounced', detail };
  }
  if (status === 429 || status >= 500 || reason === 'ExpiredProviderToken') {
    return { kind: 'retry', detail };
  }
  return { kind: 'failed', detail };
}

/**
 * Native push over one HTTP/2 session to the service (reconnected when it
 * closes), authenticated by a provider JWT that is cached and re-signed
 * before it expires (or at once after ExpiredProviderToken).
 */
export function createNativePushSender(
  options: NativePushOptions,
): NativePushSender & { close(): void } {
  const key = createPrivateKey(options.key);
  const now = options.now ?? Date.now;
  let token: { value: string; at: number } | undefined;
  let session: http2.ClientHttp2Session | undefined;
  const tokenNow = () => {
    if (token === undefined || now() - token.at >= TOKEN_TTL_MS) {
      token = { value: providerToken(key, options.keyId, options.teamId, now()), at: now() };
    }
    return token.value;
  };
  const sessionNow = () => {
    if (session === undefined || session.closed || session.destroyed) {
      session = http2.connect(options.origin, options.ca ? { ca: options.ca } : {});
      session.on('error', () => {
        session = undefined;
      });
      session.unref();
    }
    return session;
  };
  const request = (device: string, body: string) =>
    new Promise<{ status: number; reason?: string }>((resolve, reject) => {
      const stream = sessionNow().request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(device)}`,
        authorization: `bearer ${tokenNow()}`,
        'apns-topic': options.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'content-type': 'application/json',
      });
      stream.setTimeout(options.timeoutMs ?? 10_000, () =>
        stream.close(http2.constants.NGHTTP2_CANCEL),
      );
      let status = 0;
      let text = '';
      stream.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        text += chunk;
      });
      stream.on('end', () => {
        let reason: string | undefined;
        try {
          reason = text ? (JSON.parse(text) as { reason?: string }).reason : undefined;
        } catch {
          reason = undefined;
        }
        resolve(
          status === 0
            ? { status: 0, reason: 'no response' }
            : { status, ...(reason ? { reason } : {}) },
        );
      });
      stream.on('error', reject);
      stream.end(body);
    });
  const send: NativePushSender = async (subscription, push) => {
    const body = JSON.stringify({
      aps: { alert: { title: push.title, body: push.body }, 'thread-id': push.tag },
      url: push.url,
    });
    try {
      const answer = await request(subscription.token, body);
      if (answer.reason === 'ExpiredProviderToken') {
        token = undefined;
      }
      return answer.status === 0
        ? { kind: 'retry', detail: 'native push: no response' }
        : nativePushOutcome(answer.status, answer.reason);
    } catch (err) {
      session = undefined;
      return { kind: 'retry', detail: `native push: ${reasonOf(err)}` };
    }
  };
  return Object.assign(send, {
    close: () => {
      session?.close();
      session = undefined;
    },
  });
}
