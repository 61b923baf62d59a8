import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** X-Podcast-Envelope-Id of each message accepted, in arrival order (repeats kept). */
  envelopeIds: string[];
  close(): Promise<void>;
}

const ENVELOPE_ID = /^X-Podcast-Envelope-Id: (.+)$/im;

/** A local SMTP server (the real protocol, no TLS) counting the envelopes it is sent. */
export async function startSmtpSink(delayMs = 0): Promise<SmtpSink> {
  const envelopeIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        envelopeIds.push(
          ENVELOPE_ID.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '',
        );
        setTimeout(callback, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    envelopeIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
