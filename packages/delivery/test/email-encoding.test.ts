import { describe, expect, it } from '@jest/globals';
import { simpleParser } from 'mailparser';
import { createTransport, type Transporter } from 'nodemailer';
import { createEmailRenderer, createSmtpSender, withoutIndentation } from '../src/index.js';
import { envelope } from './envelope-fixture.js';

/** The recap fixture with one item of `title` and `subtitle`. */
function recap(title: string, subtitle: string) {
  const [section] = envelope().payload.sections;
  const [item] = section?.items ?? [];
  return envelope({
    payload: { sections: [{ ...section, items: [{ ...item, title, subtitle }] }] },
  });
}

/**
 * nodemailer's stream transport builds the message an SMTP transport would
 * send (the MIME tree and its encodings; SMTP adds only dot-stuffing) and
 * hands it back, so the test sees the bytes that leave.
 */
function capturingTransport() {
  const stream = createTransport({ streamTransport: true, buffer: true });
  const messages: Buffer[] = [];
  const transport = {
    async sendMail(message: Parameters<Transporter['sendMail']>[0]) {
      const info = await stream.sendMail(message);
      messages.push(info.message as Buffer);
      return info;
    },
  } as unknown as Transporter;
  return { transport, messages };
}

describe('email as it leaves the sender: unindented HTML, both parts quoted-printable', () => {
  it('drops only indentation, and keeps a layout with <pre> or <textarea> as it is', () => {
    expect(withoutIndentation('<p>\n    one\n\t  two</p>\n  <b>x</b>')).toBe(
      '<p>\none\ntwo</p>\n<b>x</b>',
    );
    for (const html of ['<pre>\n  a\n    b</pre>', '<div>\n  <TEXTAREA>\n  a</TEXTAREA></div>']) {
      expect(withoutIndentation(html)).toBe(html);
    }
  });

  it.each([
    ['Latin', 'Drains & "pipes" <3', "Tom's show"],
    // Long enough that nodemailer's own detection would pick base64 for the text part.
    ['non-Latin', 'ポッドキャストの未来'.repeat(30), 'Подкаст о городах'],
  ])('%s text is sent quoted-printable and parses back whole', async (_label, title, subtitle) => {
    const render = await createEmailRenderer('https://app.example');
    const { transport, messages } = capturingTransport();
    const send = createSmtpSender(transport, 'Podcast <bench@podcast.test>');
    const email = render.render(recap(title, subtitle));
    expect(email.html.split('\n').filter((line) => /^[ \t]/.test(line))).toEqual([]);
    expect(await send({ envelopeId: 'drcp_20261125_u_1', to: 'maya@example.com', email })).toEqual({
      kind: 'delivered',
    });
    const raw = messages[0]?.toString('utf8') ?? '';
    const encodings = [...raw.matchAll(/^Content-Transfer-Encoding: (\S+)/gim)].map((m) => m[1]);
    expect(encodings).toEqual(['quoted-printable', 'quoted-printable']);
    const mail = await simpleParser(raw);
    expect(mail.html).toBe(email.html);
    expect(mail.text).toBe(email.text);
    expect(mail.text).toContain(title);
    expect(mail.text).toContain(subtitle);
  });
});
