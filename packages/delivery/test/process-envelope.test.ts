import { beforeAll, describe, expect, it } from '@jest/globals';
import { createTransport } from 'nodemailer';
import {
  createEmailRenderer,
  createSmtpSender,
  processEnvelope,
  type Senders,
} from '../src/index.js';
import { envelope } from './envelope-fixture.js';

const deps = {
  retry: { attempts: 2, baseMs: 1, maxMs: 1 },
  sleep: async () => {},
  random: () => 0,
};

describe('processEnvelope', () => {
  const sent: unknown[] = [];
  let senders: Senders;
  beforeAll(async () => {
    // nodemailer's JSON transport builds the message without a server.
    const transport = createTransport({ jsonTransport: true });
    const smtp = createSmtpSender(transport, 'Podcast <a@podcast.test>');
    senders = {
      appBaseUrl: 'https://app.example',
      email: {
        render: await createEmailRenderer('https://app.example'),
        send: async (message) => {
          sent.push(message.envelopeId);
          return smtp(message);
        },
      },
    };
  });

  it('sends a valid envelope and reports delivered', async () => {
    expect(await processEnvelope(envelope(), senders, deps)).toEqual({
      id: 'drcp_20261125_u_1',
      result: { status: 'delivered', attempts: 1 },
    });
    expect(sent).toEqual(['drcp_20261125_u_1']);
  });

  it.each([
    [{ template: 'weekly-poem.v1' }, /template/],
    [{ schema_version: '2' }, /schema_version/],
    [{ payload: { sections: [{ kind: 'x', title: '<b>hi</b>', items: [] }] } }, /payload/],
  ])(
    'reports failed, never sends, for an envelope off the frozen contract (%j)',
    async (change, why) => {
      const before = sent.length;
      const processed = await processEnvelope(envelope(change), senders, deps);
      expect(processed?.result.status).toBe('failed');
      expect(processed?.result.detail).toMatch(why);
      expect(sent).toHaveLength(before);
    },
  );

  it('never sends to an unverified address, or without a channel configured', async () => {
    const unverified = envelope({
      recipient: { email: 'maya@example.com', email_verified: false },
    });
    expect((await processEnvelope(unverified, senders, deps))?.result).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/not verified/),
    });
    const nudge = envelope({
      id: 'nudg_20261125-0000abcd_u_1',
      channel: 'push',
      type: 'digest',
      template: 'resurface-nudge.v1',
      recipient: {
        push_subscription: { endpoint: 'https://push.example/a', keys: { p256dh: 'k', auth: 'a' } },
      },
    });
    expect((await processEnvelope(nudge, senders, deps))?.result).toMatchObject({
      status: 'failed',
      detail: 'Web Push is not configured on this worker',
    });
    expect(await processEnvelope({ nope: true }, senders, deps)).toBeUndefined();
  });
});
