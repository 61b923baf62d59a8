import type { DeliveryEnvelope } from '@podcast/contracts';

/** A valid daily-recap envelope; tests change one field at a time. */
export function envelope(
  overrides: Partial<DeliveryEnvelope> | Record<string, unknown> = {},
): DeliveryEnvelope {
  return {
    schema_version: '1',
    id: 'drcp_20261125_u_1',
    user_id: 'u_1',
    channel: 'email',
    type: 'daily_recap',
    template: 'daily-recap.v1',
    recipient: { email: 'maya@example.com', email_verified: true },
    consent_snapshot: { digest_enabled: true, cadence: 'weekly', unsubscribe_ref: 'ref&1' },
    payload: {
      sections: [
        {
          kind: 'finished_today',
          title: 'Finished today',
          items: [
            {
              title: 'Rock & "roll" <3 you',
              subtitle: "Tom's show",
              text: 'Drains clog in spring & summer',
              graph_refs: ['topic:drainage'],
              deep_link: '/episodes/p09-a4bbb5dde3?t=61',
            },
          ],
        },
      ],
    },
    not_before: '2026-11-25T08:00:00Z',
    expires_at: '2026-11-25T20:00:00Z',
    created_at: '2026-11-25T08:00:00Z',
    ...overrides,
  } as DeliveryEnvelope;
}
