import { createECDH, createPublicKey, type KeyObject, randomBytes, verify } from 'node:crypto';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import type { Readable } from 'node:stream';
import ece from 'http_ece';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives; recipients in `reject` get a 550 at RCPT. */
export async function startSmtpReceiver(reject: ReadonlySet<string> = new Set(), delayMs = 0) {
  const mails: ReceivedMail[] = [];
  const rcptAttempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      rcptAttempts.set(to, (rcptAttempts.get(to) ?? 0) + 1);
      if (reject.has(to)) {
        const err = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        // Kept before the answer: a sender that dies now has delivered without knowing it.
        setTimeout(callback, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rcptAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An application server's VAPID key pair (P-256, base64url), as the worker's env takes it. */
export function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey drops leading zero bytes (one key in 256); VAPID keys are exactly 32 bytes.
  const scalar = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
}

/** A browser's push subscription keys: an ECDH P-256 pair and an auth secret. */
export function pushClientKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Calls `handle` with the whole request body once it has arrived. */
function onBody(req: Readable, handle: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => handle(Buffer.concat(chunks)));
}

/** Listens on a free loopback port; answers the port and a close that waits for the server. */
async function listenOnLoopback(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Splits a compact JWT and checks its ES256 signature (raw r||s, as JOSE
 * encodes it) with `key`; header and claims are decoded when asked for.
 */
function verifyEs256Jwt(jwt: string, key: KeyObject) {
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const isSigned = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString() || '{}');
  return {
    isSigned,
    header: () => decode(head) as { alg?: unknown; kid?: unknown },
    claims: () => decode(body) as Record<string, unknown>,
  };
}

export interface ReceivedPush {
  path: string;
  payload: unknown;
  /** The VAPID JWT as sent (compact form). */
  jwt: string;
  jwtClaims: Record<string, unknown>;
  vapidKey: string;
}

/** Verifies `vapid t=<jwt>, k=<key>` (RFC 8292): an ES256 JWT signed by the key given beside it. */
function verifyVapid(header: string | undefined): {
  jwt: string;
  claims: Record<string, unknown>;
  key: string;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) {
    throw new Error(`not a vapid authorization: ${header}`);
  }
  const [, jwt = '', key = ''] = match;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const token = verifyEs256Jwt(jwt, publicKey);
  if (!token.isSigned || token.header().alg !== 'ES256') {
    throw new Error('VAPID JWT signature does not verify');
  }
  return { jwt, claims: token.claims(), key };
}

/**
 * A local push service over TLS (web-push only speaks https): it verifies the
 * VAPID JWT, decrypts the RFC 8291 aes128gcm body with the subscriber's keys
 * and answers 201; a path in `gone` answers 410 as a push service does for an
 * expired subscription.
 */
export async function startPushReceiver(
  tls: { key: string; cert: string },
  subscribers: Map<string, ReturnType<typeof pushClientKeys>>,
  gone: ReadonlySet<string> = new Set(),
) {
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = https.createServer(tls, (req, res) => {
    onBody(req, (body) => {
      const route = req.url ?? '';
      if (gone.has(route)) {
        res.writeHead(410).end('subscription gone');
        return;
      }
      try {
        const { jwt, claims, key } = verifyVapid(req.headers.authorization);
        const subscriber = subscribers.get(route);
        if (!subscriber || req.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`unexpected push to ${route}`);
        }
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: subscriber.auth,
        });
        received.push({
          path: route,
          payload: JSON.parse(plain.toString('utf8')),
          jwt,
          jwtClaims: claims,
          vapidKey: key,
        });
        res.writeHead(201).end();
      } catch (err) {
        errors.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end();
      }
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return { origin: `https://127.0.0.1:${port}`, cert: tls.cert, received, errors, close };
}

export interface ReceivedNativePush {
  token: string;
  topic: string | undefined;
  pushType: string | undefined;
  body: { aps?: { alert?: { title?: string; body?: string } }; url?: string };
  claims: Record<string, unknown>;
}

/** Verifies `bearer <jwt>`: an ES256 provider token with our key id, signed by the provider key. */
function verifyProviderToken(header: string | undefined, publicKeyPem: string, keyId: string) {
  const [, jwt = ''] = /^bearer (.+)$/.exec(header ?? '') ?? [];
  const token = verifyEs256Jwt(jwt, createPublicKey(publicKeyPem));
  const { alg, kid } = token.header();
  if (!token.isSigned || alg !== 'ES256' || kid !== keyId) {
    throw new Error('provider token does not verify');
  }
  return token.claims();
}

/**
 * A local native push service over HTTP/2 and TLS: POST /3/device/<token>
 * with a provider JWT. Tokens in `badTokens` answer 400 BadDeviceToken, as
 * the service does for a token that is no longer valid.
 */
export async function startNativePushReceiver(
  tls: { key: string; cert: string },
  provider: { publicKeyPem: string; keyId: string },
  badTokens: ReadonlySet<string> = new Set(),
) {
  const received: ReceivedNativePush[] = [];
  const errors: string[] = [];
  const server = http2.createSecureServer(tls, (req, res) => {
    onBody(req, (payload) => {
      const token = decodeURIComponent((req.url ?? '').replace(/^\/3\/device\//, ''));
      try {
        const claims = verifyProviderToken(
          req.headers.authorization,
          provider.publicKeyPem,
          provider.keyId,
        );
        if (badTokens.has(token)) {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"reason":"BadDeviceToken"}');
          return;
        }
        received.push({
          token,
          topic: req.headers['apns-topic'] as string | undefined,
          pushType: req.headers['apns-push-type'] as string | undefined,
          body: JSON.parse(payload.toString('utf8')),
          claims,
        });
        res.writeHead(200).end();
      } catch (err) {
        errors.push(err instanceof Error ? err.message : String(err));
        res
          .writeHead(403, { 'content-type': 'application/json' })
          .end('{"reason":"InvalidProviderToken"}');
      }
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return { origin: `https://127.0.0.1:${port}`, received, errors, close };
}
