import { describe, expect, it } from '@jest/globals';
import { CommsRecord, type CommsRecordInput, DeliveryEnvelope } from '@podcast/contracts';
import { indexContent } from './content-index.js';
import type { ContentEpisode } from './digest-content.js';
import { localTime } from './local-time.js';
import { type PlannedUser, planUser, type TickClock } from './plan.js';

const HOUR = 3_600_000;

function episode(
  slug: string,
  feed: string,
  published: string | null,
  refs: string[] = [],
): ContentEpisode {
  return {
    slug,
    feed_id: feed,
    title: `Episode <b>${slug}</b>`,
    podcast_title: `Show ${feed}`,
    published_at: published,
    graph_refs: refs,
    duration_seconds: 1800,
    insights: [{ id: `insight:${slug}`, text: `An insight of ${slug}` }],
  };
}

const EPISODES = [
  episode('new-lib', 'f1', '2026-11-20T10:00:00Z', ['topic:sleep']),
  episode('old-lib', 'f1', '2026-10-01T10:00:00Z'),
  episode('new-interest', 'f2', '2026-11-21T10:00:00Z', ['topic:rain']),
  episode('new-other', 'f3', '2026-11-19T10:00:00Z'),
  episode('undated', 'f1', null),
];

function clockAt(iso: string, zone: string): TickClock {
  const at = new Date(iso);
  return {
    at,
    local: localTime(at, zone),
    previous: localTime(new Date(at.getTime() - HOUR), zone),
  };
}

function user(input: CommsRecordInput, extra: Partial<PlannedUser> = {}): PlannedUser {
  return {
    id: 'u_0123456789abcdef01234567',
    email: 'ann@example.com',
    emailVerified: true,
    comms: CommsRecord.parse({ unsubscribe_ref: 'ref-1', ...input }),
    subscriptions: [],
    audience: { feeds: new Set(['f1']), interests: new Set(['topic:rain']) },
    finishedToday: [],
    ...extra,
  };
}

const DIGEST_ON: CommsRecordInput = {
  types: { digest: { email: true, push: true }, daily_recap: { email: true } },
};
// Sunday 2026-11-22 08:00 UTC: the default weekly slot.
const SUNDAY_8 = '2026-11-22T08:00:00Z';

describe('planUser', () => {
  it('plans the weekly digest with library and interest episodes of the week, and an inbox entry', () => {
    const plan = planUser(user(DIGEST_ON), indexContent(EPISODES), clockAt(SUNDAY_8, 'UTC'));
    expect(plan.envelopes.map((e) => e.id)).toEqual(['dgst_2026W47_u_0123456789abcdef01234567']);
    const [digest] = plan.envelopes;
    expect(DeliveryEnvelope.safeParse(digest).success).toBe(true);
    const items = digest?.payload.sections[0]?.items.map((item) => item.deep_link);
    expect(items).toEqual(['/episodes/new-interest', '/episodes/new-lib']);
    expect(digest?.payload.sections[0]?.items[0]?.title).toBe('Episode new-interest');
    expect(digest?.consent_snapshot).toEqual({
      digest_enabled: true,
      cadence: 'weekly',
      unsubscribe_ref: 'ref-1',
    });
    expect(plan.inbox).toEqual([
      expect.objectContaining({
        key: digest?.id,
        type: 'digest',
        deep_link: '/episodes/new-interest',
      }),
    ]);
  });

  it.each<[string, CommsRecordInput, Partial<PlannedUser>, string, string, string[]]>([
    ['nothing when email is off (inbox only)', {}, {}, SUNDAY_8, 'UTC', []],
    [
      'nothing when the week has no content',
      DIGEST_ON,
      { audience: { feeds: new Set(['f9']), interests: new Set() } },
      SUNDAY_8,
      'UTC',
      [],
    ],
    [
      'the daily cadence keys by day',
      { ...DIGEST_ON, digest_schedule: { cadence: 'daily' } },
      {},
      '2026-11-21T08:00:00Z',
      'UTC',
      ['dgst_20261121_u_0123456789abcdef01234567'],
    ],
    [
      'the slot is read in the user zone (Tokyo)',
      DIGEST_ON,
      {},
      '2026-11-21T23:00:00Z',
      'Asia/Tokyo',
      ['dgst_2026W47_u_0123456789abcdef01234567'],
    ],
    ['not at 08:00 UTC for a Tokyo user', DIGEST_ON, {}, SUNDAY_8, 'Asia/Tokyo', []],
    [
      'no recommendations without discovery content',
      { ...DIGEST_ON, digest_schedule: { day_of_week: 3 } },
      { audience: { feeds: new Set(['f1', 'f2', 'f3']), interests: new Set() } },
      '2026-12-01T08:00:00Z',
      'UTC',
      [],
    ],
    ['a recap needs an episode finished today', DIGEST_ON, {}, '2026-11-22T20:00:00Z', 'UTC', []],
    [
      'a recap with one',
      DIGEST_ON,
      { finishedToday: [EPISODES[1] as ContentEpisode] },
      '2026-11-22T20:00:00Z',
      'UTC',
      ['drcp_20261122_u_0123456789abcdef01234567'],
    ],
  ])('%s', (_case, input, extra, iso, zone, ids) => {
    const comms = { ...input, timezone: zone === 'UTC' ? '' : zone };
    const plan = planUser(user(comms, extra), indexContent(EPISODES), clockAt(iso, zone));
    expect(plan.envelopes.map((e) => e.id)).toEqual(ids);
    for (const envelope of plan.envelopes) {
      expect(DeliveryEnvelope.safeParse(envelope).success).toBe(true);
    }
  });

  it('recommends episodes outside the library in the month, interests first', () => {
    const episodes = [...EPISODES, episode('fresh-other', 'f4', '2026-11-28T10:00:00Z')];
    const plan = planUser(
      user({ ...DIGEST_ON, digest_schedule: { day_of_week: 3 } }),
      indexContent(episodes),
      clockAt('2026-12-01T08:00:00Z', 'UTC'),
    );
    const [recommendations] = plan.envelopes;
    expect(recommendations?.id).toBe('rcmd_202612_u_0123456789abcdef01234567');
    expect(recommendations?.payload.sections[0]?.items.map((item) => item.deep_link)).toEqual([
      '/episodes/new-interest',
      '/episodes/fresh-other',
      '/episodes/new-other',
    ]);
  });

  it('sends one nudge per subscription, held until quiet hours end', () => {
    const subscriptions = [
      { endpoint: 'https://push.example.net/a', keys: { p256dh: 'k', auth: 'a' } },
      { endpoint: 'nativepush://tok', kind: 'nativepush' as const, platform: 'ios', token: 'tok' },
    ];
    const comms = {
      ...DIGEST_ON,
      digest_schedule: { hour: 23 },
      quiet_hours: { start_hour: 22, end_hour: 7 },
    };
    const plan = planUser(
      user(comms, { subscriptions }),
      indexContent(EPISODES),
      clockAt('2026-11-23T23:00:00Z', 'UTC'),
    );
    expect(plan.envelopes).toHaveLength(2);
    for (const envelope of plan.envelopes) {
      expect(envelope.id).toMatch(/^nudg_20261123-[0-9a-f]{8}_u_/);
      expect(envelope.not_before).toBe('2026-11-24T07:00:00.000Z');
      expect(envelope.expires_at).toBe('2026-11-24T19:00:00.000Z');
      expect(DeliveryEnvelope.safeParse(envelope).success).toBe(true);
    }
  });

  it('plans the same ids when run twice', () => {
    const first = planUser(user(DIGEST_ON), indexContent(EPISODES), clockAt(SUNDAY_8, 'UTC'));
    expect(planUser(user(DIGEST_ON), indexContent(EPISODES), clockAt(SUNDAY_8, 'UTC'))).toEqual(
      first,
    );
  });
});
