import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import { DeliveryEnvelope, EnvelopeStatus, envelopeId, OutboxStatusBody } from './delivery.js';

const USER = 'u_5f2c0d9a7b1e4c3d2a1b0f9e';

function recapEnvelope(): Record<string, unknown> {
  return {
    schema_version: '1',
    id: `drcp_20261120_${USER}`,
    user_id: USER,
    channel: 'email',
    type: 'daily_recap',
    template: 'daily-recap.v1',
    recipient: { email: 'maya@example.org', email_verified: true },
    consent_snapshot: { digest_enabled: true, cadence: 'weekly', unsubscribe_ref: 'unsub_7f3a' },
    payload: {
      headline: 'What you finished today',
      sections: [
        {
          kind: 'finished_today',
          title: 'Finished today',
          items: [
            {
              title: 'Rain gardens and the street',
              text: 'Rain gardens cut flooding by half, says Maya Ortiz.',
              graph_refs: ['episode:ep-0042', 'topic:drainage'],
              deep_link: '/episodes/p01-a4bbb5dde3',
            },
          ],
        },
      ],
    },
    not_before: '2026-11-20T19:00:00Z',
    expires_at: '2026-11-21T19:00:00Z',
    created_at: '2026-11-20T19:00:02Z',
  };
}

function nudgeEnvelope(): Record<string, unknown> {
  return {
    ...recapEnvelope(),
    id: `nudg_20261120-0a1b2c3d_${USER}`,
    channel: 'push',
    type: 'digest',
    template: 'resurface-nudge.v1',
    recipient: {
      push_subscription: {
        endpoint: 'nativepush://a1',
        kind: 'nativepush',
        platform: 'ios',
        token: 'a1',
      },
    },
  };
}

function withPayloadItem(patch: Record<string, unknown>): Record<string, unknown> {
  const envelope = recapEnvelope();
  const payload = envelope.payload as { sections: { items: Record<string, unknown>[] }[] };
  const [section] = payload.sections;
  Object.assign(section?.items[0] ?? {}, patch);
  return envelope;
}

describe('DeliveryEnvelope', () => {
  it('accepts an email recap and a push nudge', () => {
    expect(DeliveryEnvelope.parse(recapEnvelope())).toEqual(recapEnvelope());
    expect(DeliveryEnvelope.safeParse(nudgeEnvelope()).success).toBe(true);
  });

  it('accepts prose with comparison signs, which is not markup', () => {
    expect(
      DeliveryEnvelope.safeParse(withPayloadItem({ text: 'Costs < 5% and > 2% of budget.' }))
        .success,
    ).toBe(true);
  });

  it.each([
    ['a missing id', { id: undefined }, 'id'],
    ['schema_version 2', { schema_version: '2' }, 'schema_version'],
    ['an id of another template', { id: `dgst_2026W47_${USER}` }, 'id'],
    ['an id of another user', { id: 'drcp_20261120_u_other' }, 'id'],
    ['a recap id keyed by week', { id: `drcp_2026W47_${USER}` }, 'id'],
    ['an id without a period', { id: `drcp_${USER}` }, 'id'],
    [
      'a channel the template does not use',
      { channel: 'push', recipient: nudgeEnvelope().recipient },
      'channel',
    ],
    ['a type the template does not have', { type: 'product' }, 'type'],
    ['an unknown template', { template: 'your-week-digest.v2' }, 'template'],
    ['a push recipient on email', { recipient: nudgeEnvelope().recipient }, 'recipient'],
    [
      'an unverified flag that is not a boolean',
      { recipient: { email: 'maya@example.org', email_verified: 'yes' } },
      'recipient',
    ],
    ['an expiry before not_before', { expires_at: '2026-11-20T18:00:00Z' }, 'expires_at'],
    ['a local timestamp', { created_at: '2026-11-20T19:00:02' }, 'created_at'],
    ['a payload without sections', { payload: { sections: [] } }, 'payload.sections'],
  ])('refuses an envelope with %s', (_case, patch, path) => {
    expect(issuePaths(DeliveryEnvelope.safeParse({ ...recapEnvelope(), ...patch }))).toEqual([
      path,
    ]);
  });

  it.each([
    ['an HTML tag in the text', { text: 'Read <b>this</b>' }, 'text'],
    ['an HTML comment in the title', { title: 'Hi <!-- x -->' }, 'title'],
    ['an extra key that could carry markup', { html: '<p>hi</p>' }, ''],
    ['an absolute deep link', { deep_link: 'https://evil.example/x' }, 'deep_link'],
    ['a protocol-relative deep link', { deep_link: '//evil.example/x' }, 'deep_link'],
    ['a deep link to an audio file', { deep_link: '/media/ep-0042.mp3' }, 'deep_link'],
    [
      'a deep link to the audio source route',
      { deep_link: '/api/app/episodes/p01/audio-source' },
      'deep_link',
    ],
    ['a graph ref without a prefix', { graph_refs: ['drainage'] }, 'graph_refs.0'],
    ['no graph_refs at all', { graph_refs: undefined }, 'graph_refs'],
  ])('refuses a payload item with %s', (_case, patch, field) => {
    const path = ['payload.sections.0.items.0', field].filter(Boolean).join('.');
    expect(issuePaths(DeliveryEnvelope.safeParse(withPayloadItem(patch)))).toEqual([path]);
  });
});

describe('envelopeId', () => {
  it('builds ids the envelope schema accepts', () => {
    const id = envelopeId('daily-recap.v1', '20261120', USER);
    expect(id).toBe(`drcp_20261120_${USER}`);
    expect(DeliveryEnvelope.safeParse({ ...recapEnvelope(), id }).success).toBe(true);
  });
});

describe('outbox status', () => {
  it.each(['delivered', 'bounced', 'complaint', 'suppressed', 'failed'])(
    'accepts the terminal report %s',
    (status) => {
      expect(OutboxStatusBody.safeParse({ status, detail: 'relay said so' }).success).toBe(true);
    },
  );

  it('refuses pending as a report, though it is a stored status', () => {
    expect(EnvelopeStatus.safeParse('pending').success).toBe(true);
    expect(issuePaths(OutboxStatusBody.safeParse({ status: 'pending' }))).toEqual(['status']);
  });
});
