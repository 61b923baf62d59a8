import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmailRenderer, createSmtpSender, withoutIndentation } from '@podcast/delivery';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { startSmtpReceiver } from './support/receivers.js';

function recap(title: string, subtitle: string) {
  return {
    schema_version: '1',
    id: 'drcp_20261127_u_1',
    user_id: 'u_1',
    channel: 'email',
    type: 'daily_recap',
    template: 'daily-recap.v1',
    recipient: { email: 'maya@example.com', email_verified: true },
    consent_snapshot: { digest_enabled: true, cadence: 'weekly', unsubscribe_ref: 'ref-1' },
    payload: {
      sections: [
        {
          kind: 'finished_today',
          title: 'Finished today',
          items: [{ title, subtitle, text: 'x', graph_refs: [], deep_link: '/episodes/p09-a?t=1' }],
        },
      ],
    },
    not_before: '2026-11-27T08:00:00Z',
    expires_at: '2026-11-27T20:00:00Z',
    created_at: '2026-11-27T08:00:00Z',
  } as const;
}

describe('email as it leaves the worker: unindented HTML, both parts quoted-printable', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp?.close();
  });

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
  ])('%s text arrives whole through a real SMTP server', async (_label, title, subtitle) => {
    const render = await createEmailRenderer('https://app.example');
    const transport = createTransport({ url: smtp.url });
    const send = createSmtpSender(transport, 'Podcast <bench@podcast.test>');
    const email = render.render(recap(title, subtitle) as never);
    expect(email.html.split('\n').filter((line) => /^[ \t]/.test(line))).toEqual([]);
    const before = smtp.mails.length;
    expect(await send({ envelopeId: 'drcp_20261127_u_1', to: 'maya@example.com', email })).toEqual({
      kind: 'delivered',
    });
    transport.close();
    const raw = smtp.mails[before]?.raw ?? '';
    const encodings = [...raw.matchAll(/^Content-Transfer-Encoding: (\S+)/gim)].map((m) => m[1]);
    expect(encodings).toEqual(['quoted-printable', 'quoted-printable']);
    const mail = await simpleParser(raw);
    expect(mail.html).toBe(email.html);
    expect(mail.text).toBe(email.text);
    expect(mail.text).toContain(title);
    expect(mail.text).toContain(subtitle);
  });
});
