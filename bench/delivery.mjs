// `pnpm bench --only=delivery`: the worker's last mile against local receivers:
// emails/s through pooled SMTP (nodemailer, 5 connections, as the worker runs it)
// and Web Push/s to a local TLS push endpoint (aes128gcm per message, one VAPID token
// per push service, as the worker sends them).
// Rendering is included; the seam is not (the notifications part measures it).
import { createECDH, randomBytes } from 'node:crypto';
import https from 'node:https';
import {
  createEmailRenderer,
  createSmtpSender,
  createWebPushSender,
  renderPush,
} from '@podcast/delivery';
import { selfSignedCert } from '@podcast/testing';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';

const BASE = 'https://app.example';

function envelope(i, channel) {
  const push = channel === 'push';
  return {
    schema_version: '1',
    id: push ? `nudg_20261125-${String(i).padStart(8, '0')}_u_bench` : `drcp_20261125_u_bench${i}`,
    user_id: push ? 'u_bench' : `u_bench${i}`,
    channel,
    type: push ? 'digest' : 'daily_recap',
    template: push ? 'resurface-nudge.v1' : 'daily-recap.v1',
    recipient: push ? {} : { email: `listener${i}@example.com`, email_verified: true },
    consent_snapshot: { digest_enabled: true, cadence: 'weekly', unsubscribe_ref: `ref-${i}` },
    payload: {
      sections: [
        {
          kind: 'finished_today',
          title: 'Finished today',
          items: Array.from({ length: 3 }, (_, n) => ({
            title: `Episode ${n} & friends <${i}>`,
            subtitle: 'A show about drains',
            text: 'Drains clog in spring, and the city has a plan for it.',
            graph_refs: ['topic:drainage'],
            deep_link: `/episodes/p09-a4bbb5dde3?t=${n}`,
          })),
        },
      ],
    },
    not_before: '2026-11-25T08:00:00Z',
    expires_at: '2026-11-25T20:00:00Z',
    created_at: '2026-11-25T08:00:00Z',
  };
}

async function rate(count, concurrency, task) {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const outcome = await task(next++);
        failed += outcome.kind === 'delivered' ? 0 : 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { per_second: Math.round(count / seconds), sent: count, not_delivered: failed };
}

async function emailRate(count) {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const transport = createTransport({
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    pool: true,
    maxConnections: 5,
  });
  const render = await createEmailRenderer(BASE);
  const send = createSmtpSender(transport, 'Podcast <bench@podcast.test>');
  try {
    await send({
      envelopeId: 'warm',
      to: 'warm@example.com',
      email: render.render(envelope(0, 'email')),
    });
    const result = await rate(count, 16, (i) => {
      const env = envelope(i, 'email');
      return send({ envelopeId: env.id, to: env.recipient.email, email: render.render(env) });
    });
    return { ...result, received_by_server: received - 1 };
  } finally {
    transport.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function webPushRate(count) {
  const tls = selfSignedCert();
  let received = 0;
  const server = https.createServer(tls, (req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      received++;
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const vapid = createECDH('prime256v1');
  vapid.generateKeys();
  const client = createECDH('prime256v1');
  client.generateKeys();
  const subscription = {
    endpoint: `https://127.0.0.1:${server.address().port}/push/bench`,
    keys: {
      p256dh: client.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  const send = createWebPushSender({
    vapid: {
      subject: 'mailto:bench@podcast.test',
      publicKey: vapid.getPublicKey().toString('base64url'),
      privateKey: vapid.getPrivateKey().toString('base64url'),
    },
    allowedHosts: ['127.0.0.1'],
    ca: tls.cert,
  });
  try {
    await send(subscription, renderPush(envelope(0, 'push'), BASE));
    const result = await rate(count, 32, (i) =>
      send(subscription, renderPush(envelope(i, 'push'), BASE)),
    );
    return { ...result, received_by_server: received - 1 };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    server.closeAllConnections?.();
  }
}

export async function deliveryBench({ quick }) {
  const emails = await emailRate(quick ? 500 : 3000);
  const pushes = await webPushRate(quick ? 1000 : 5000);
  return [
    { channel: 'email (SMTP, pooled 5)', target: '> 500 /s', ...emails },
    { channel: 'Web Push (TLS, aes128gcm, VAPID)', target: '> 1,000 /s', ...pushes },
  ];
}
