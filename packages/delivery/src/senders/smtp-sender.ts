import type { Transporter } from 'nodemailer';
import { reasonOf, type SendOutcome } from '../send-outcome.js';
import type { RenderedEmail } from '../templates/email-template.js';

export interface EmailSend {
  envelopeId: string;
  to: string;
  email: RenderedEmail;
}

export type EmailSender = (message: EmailSend) => Promise<SendOutcome>;

interface SmtpError {
  code?: string;
  responseCode?: number;
}

/** Codes of a message nodemailer refuses before any server answers (a malformed address, a bad header). */
const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * Email over SMTP with nodemailer (the transport, pooled in production, is
 * passed in). Every message carries List-Unsubscribe and the RFC 8058
 * one-click header. An SMTP refusal (4xx or 5xx) or a dropped connection is
 * retried: bounces come back through the relay's events, not as SMTP codes.
 */
export function createSmtpSender(transport: Transporter, from: string): EmailSender {
  return async ({ envelopeId, to, email }) => {
    try {
      await transport.sendMail({
        from,
        to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        // Chosen, not detected: nodemailer's detection scans each part several
        // times per message (quoted-printable is what it picks for our HTML
        // anyway, and any text is valid in it); about a fifth of the sender's CPU.
        textEncoding: 'quoted-printable',
        headers: {
          'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Podcast-Envelope-Id': envelopeId,
        },
      });
      return { kind: 'delivered' };
    } catch (err) {
      const { code, responseCode } = err as SmtpError;
      if (responseCode !== undefined) {
        return { kind: 'retry', detail: `smtp ${responseCode}: ${reasonOf(err)}` };
      }
      if (code !== undefined && PERMANENT_CODES.has(code)) {
        return { kind: 'failed', detail: `smtp ${code}: ${reasonOf(err)}` };
      }
      return { kind: 'retry', detail: `smtp ${code ?? 'error'}: ${reasonOf(err)}` };
    }
  };
}
