import { beforeAll, describe, expect, it } from '@jest/globals';
import { opaClient, useOpaFixture } from './support/opa-fixture.js';
import type { SyncUser } from './support/sync-fixture.js';

/*
 * The Open Podcast API under what an adversary sends: every refusal a 4xx
 * naming the field, never a 5xx, nothing stored by a refused write, and
 * the writes that promise idempotency keeping it under racing retries.
 */

const suite = useOpaFixture('opa-hostile');
const opa = (u: SyncUser, clientId?: string) => opaClient(suite.f.t.app, u.basic, clientId);

// Users are few (minting an app password hashes it on purpose slowly): one
// for every refused request, which must leave it holding nothing, and one
// for the writes that store something.
let refused: SyncUser;
let writer: SyncUser;
beforeAll(async () => {
  refused = await suite.f.user('refused');
  writer = await suite.f.user('writer');
});

/** What the user holds after a refused write: nothing, through each listing. */
async function expectNothingStored(u: SyncUser) {
  expect((await opa(u).get('/v1/subscriptions')).body.total).toBe(0);
  expect((await opa(u).get('/v1/episodes')).body.total).toBe(0);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Query values refused on every paged listing, with the field each names. */
const PAGE_QUERIES: [string, string][] = [
  ['page=1e9', 'query.page'],
  ['page=-1', 'query.page'],
  ['page=NaN', 'query.page'],
  ['page=Infinity', 'query.page'],
  ['page=1&page=2', 'query.page'],
  ['page=%00', 'query.page'],
  ['page=%zz', 'query.page'],
  ['page=%E0%A4%A', 'query.page'],
  ['page=0x10', 'query.page'],
  ['page=%201e1', 'query.page'],
  ['page=%2B3', 'query.page'],
  ['page=%203', 'query.page'],
  ['page=3.0', 'query.page'],
  ['per_page=1e9', 'query.per_page'],
  ['per_page=-5', 'query.per_page'],
  ['per_page=0x10', 'query.per_page'],
  ['per_page=1e1', 'query.per_page'],
  ['since=notadate', 'query.since'],
  ['since=2026-02-30T00:00:00Z', 'query.since'],
  ['since=a&since=b', 'query.since'],
  ['since=%002026-01-01T00:00:00Z', 'query.since'],
  [`since=${'9'.repeat(300)}`, 'query.since'],
];

describe('the paged listings under hostile queries', () => {
  it.each(
    ['/v1/subscriptions', '/v1/episodes'].flatMap((path) =>
      PAGE_QUERIES.map(([query, field]) => [path, query, field]),
    ),
  )('%s?%s answers 400 naming %s', async (path, query, field) => {
    const u = refused;
    const res = await opa(u).get(`${path}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${literal(field)}`));
  });

  it.each([
    ['limit=1e9', 'query.limit'],
    ['limit=-1', 'query.limit'],
    ['limit=NaN', 'query.limit'],
    ['limit=0x10', 'query.limit'],
    ['limit=%201e1', 'query.limit'],
    ['limit=%2B3', 'query.limit'],
    ['since=yesterday', 'query.since'],
    ['include=all&include=subscriptions', 'query.include'],
    ['include=..%2Fetc', 'query.include'],
    ['include_own=maybe', 'query.include_own'],
    ['include_own=%00', 'query.include_own'],
  ])('/v1/sync?%s answers 400 naming %s', async (query, field) => {
    const u = refused;
    const res = await opa(u).get(`/v1/sync?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${literal(field)}`));
  });

  it('answers 431 for a 100 KB query without reading it', async () => {
    const u = refused;
    expect((await opa(u).get(`/v1/subscriptions?since=${'1'.repeat(100_000)}`)).status).toBe(431);
  });
});

describe('the GUID and deletion id in the path', () => {
  const GUID_METHODS = ['get', 'patch', 'delete'] as const;
  type GuidMethod = (typeof GUID_METHODS)[number];

  /** `method` on the subscription `guid` names, as the refused user. */
  function onGuid(method: GuidMethod, guid: string) {
    const client = opa(refused);
    const path = `/v1/subscriptions/${guid}`;
    if (method === 'patch') {
      return client.patch(path, { is_subscribed: false });
    }
    return method === 'get' ? client.get(path) : client.delete(path);
  }

  const invalid: [GuidMethod, string, string][] = GUID_METHODS.flatMap((method) =>
    [
      ['%00', 'NUL'],
      ['%E0%A4%A', 'percent-encoded'],
      ['%zz', 'percent-encoded'],
      ['g'.repeat(201), 'guid'],
    ].map(([guid = '', words = '']): [GuidMethod, string, string] => [method, guid, words]),
  );
  it.each(invalid)('%s /v1/subscriptions/%s answers 400 naming it', async (method, guid, words) => {
    const res = await onGuid(method, guid);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/guid|path/);
    expect(res.body.detail).toContain(words);
  });

  const unknown: [GuidMethod, string][] = GUID_METHODS.flatMap((method) =>
    ['..', '%2e%2e', '.git', '.hidden', '..%2F..%2Fetc', '%E2%80%AE'].map(
      (guid): [GuidMethod, string] => [method, guid],
    ),
  );
  it.each(unknown)(
    '%s /v1/subscriptions/%s answers 404, changing nothing',
    async (method, guid) => {
      const res = await onGuid(method, guid);
      expect(res.status).toBe(404);
      await expectNothingStored(refused);
    },
  );

  it.each([
    ['0', 400],
    ['-1', 400],
    ['1.5', 400],
    ['NaN', 400],
    ['Infinity', 400],
    ['1e999', 400],
    ['%00', 400],
    ['%zz', 400],
    [String(2 ** 53), 400],
    ['2147483648', 404],
    [String(2 ** 53 - 1), 404],
    ['1e9', 400],
    ['0x10', 400],
    ['%2B3', 400],
    ['.git', 400],
  ])('GET /v1/deletions/%s answers %d', async (id, status) => {
    const u = refused;
    const res = await opa(u).get(`/v1/deletions/${id}`);
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body.detail).toMatch(/^(params\.id|path)/);
    }
  });
});

describe('writes under hostile bodies', () => {
  it.each([
    [
      'a NUL byte in a feed URL',
      { subscriptions: [{ feed_url: 'https://a.example/\u0000' }] },
      'body.subscriptions.0.feed_url',
    ],
    [
      'a NUL byte in a key',
      { subscriptions: [{ feed_url: 'https://a.example/', '\u0000': 1 }] },
      'body.subscriptions.0.',
    ],
    [
      'a list for a feed URL',
      { subscriptions: [{ feed_url: ['https://a.example/'] }] },
      'body.subscriptions.0.feed_url',
    ],
    [
      'a GUID of 300 bytes',
      { subscriptions: [{ feed_url: 'https://a.example/', guid: 'g'.repeat(300) }] },
      'body.subscriptions.0.guid',
    ],
    [
      'a feed URL of 100 KB',
      { subscriptions: [{ feed_url: `https://a.example/${'x'.repeat(100_000)}` }] },
      'body.subscriptions.0.feed_url',
    ],
    [
      '5,001 feeds',
      {
        subscriptions: Array.from({ length: 5001 }, (_, i) => ({
          feed_url: `https://a.example/${i}`,
        })),
      },
      'body.subscriptions',
    ],
    ['a string for the list', { subscriptions: 'https://a.example/' }, 'body.subscriptions'],
  ])(
    'POST /v1/subscriptions refuses %s with a 400 naming the field',
    async (_what, body, field) => {
      const u = refused;
      const res = await opa(u).post('/v1/subscriptions', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(new RegExp(`^${literal(field)}`));
      await expectNothingStored(u);
    },
  );

  it('POST /v1/subscriptions answers a failure, not a subscription, for a feed URL that is no URL', async () => {
    const u = refused;
    const res = await opa(u).post('/v1/subscriptions', {
      subscriptions: [
        { feed_url: 'javascript:alert(1)' },
        { feed_url: 'file:///etc/passwd' },
        { feed_url: 'https://a.example/\u202Edss.exe' },
        { feed_url: 'https://a.exa\nmple/feed' },
        { feed_url: '   ' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toEqual([]);
    expect(res.body.failure).toHaveLength(5);
    await expectNothingStored(u);
  });

  it.each([
    ['a NUL byte in a title', [{ podcast_guid: 'p', title: 'a\u0000b' }], 'body.0.title'],
    ['a title of 100 KB', [{ podcast_guid: 'p', title: 't'.repeat(100_000) }], 'body.0.title'],
    [
      'a position of 1e9',
      [
        {
          podcast_guid: 'p',
          title: 't',
          playback_position: { value: 1e9, timestamp: '2026-01-01T00:00' },
        },
      ],
      'body.0.playback_position.value',
    ],
    [
      'a fractional position',
      [
        {
          podcast_guid: 'p',
          title: 't',
          playback_position: { value: 1.5, timestamp: '2026-01-01T00:00' },
        },
      ],
      'body.0.playback_position.value',
    ],
    [
      'a time that is none',
      [{ podcast_guid: 'p', title: 't', played_status: { value: true, timestamp: 'soon' } }],
      'body.0.played_status.timestamp',
    ],
    [
      'a publish date that is none',
      [{ podcast_guid: 'p', title: 't', publish_date: '2026-13-01T00:00' }],
      'body.0.publish_date',
    ],
    ['a list for a title', [{ podcast_guid: 'p', title: ['a'] }], 'body.0.title'],
    [
      'a podcast GUID of 300 bytes',
      [{ podcast_guid: 'g'.repeat(300), title: 't' }],
      'body.0.podcast_guid',
    ],
  ])('POST /v1/episodes refuses %s with a 400 naming the field', async (_what, body, field) => {
    const u = refused;
    const res = await opa(u).post('/v1/episodes', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${literal(field)}`));
    await expectNothingStored(u);
  });

  it.each([
    ['a NUL byte', { new_guid: 'g\u0000' }, 'body.new_guid'],
    ['a GUID of 300 bytes', { new_guid: 'g'.repeat(300) }, 'body.new_guid'],
    ['a string for is_subscribed', { is_subscribed: 'false' }, 'body.is_subscribed'],
    [
      'a feed URL of 100 KB',
      { new_feed_url: `https://a.example/${'x'.repeat(100_000)}` },
      'body.new_feed_url',
    ],
  ])(
    'PATCH /v1/subscriptions/{guid} refuses %s with a 400 naming the field',
    async (_what, body, field) => {
      const u = writer;
      const added = await opa(u).post('/v1/subscriptions', {
        subscriptions: [{ feed_url: 'https://p.example/feed' }],
      });
      const guid = added.body.success[0].guid as string;
      const res = await opa(u).patch(`/v1/subscriptions/${guid}`, body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(new RegExp(`^${literal(field)}`));
      const after = await opa(u).get(`/v1/subscriptions/${guid}`);
      expect(after.body).toMatchObject({
        feed_url: 'https://p.example/feed',
        guid,
        is_subscribed: true,
      });
    },
  );

  it.each([
    ['a feed URL that is no URL', { new_feed_url: 'javascript:alert(1)' }],
    ['a feed URL without a protocol', { new_feed_url: 'example.com/feed' }],
  ])('PATCH /v1/subscriptions/{guid} keeps the feed URL for %s', async (_what, body) => {
    const u = writer;
    const added = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: 'https://q.example/feed' }],
    });
    const guid = added.body.success[0].guid as string;
    const res = await opa(u).patch(`/v1/subscriptions/${guid}`, body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^body\.new_feed_url/);
    expect((await opa(u).get(`/v1/subscriptions/${guid}`)).body.feed_url).toBe(
      'https://q.example/feed',
    );
  });

  it('refuses a Client-ID that is no UUID with a 400 naming the header, storing nothing', async () => {
    const u = refused;
    for (const id of ['not-a-uuid', '../../etc', 'x'.repeat(300)]) {
      const res = await opa(u, id).post('/v1/subscriptions', {
        subscriptions: [{ feed_url: 'https://c.example/feed' }],
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^header Client-ID/);
    }
    await expectNothingStored(u);
  });

  it('answers 413 for a body over 8 MB on every write, storing nothing', async () => {
    const u = refused;
    const huge = 'x'.repeat(9 * 1024 * 1024);
    const subscriptions = await opa(u).post('/v1/subscriptions', {
      subscriptions: [{ feed_url: `https://h.example/${huge}` }],
    });
    expect(subscriptions.status).toBe(413);
    const episodes = await opa(u).post('/v1/episodes', [{ podcast_guid: 'p', title: huge }]);
    expect(episodes.status).toBe(413);
    await expectNothingStored(u);
  });
});

describe('POST /v1/sync under hostile batches', () => {
  function subscribe(n: number, data: Record<string, unknown>) {
    return {
      type: 'subscription',
      action: 'subscribe',
      action_id: `7e57a11d-0000-4000-8000-${String(n).padStart(12, '0')}`,
      occurred_at: '2026-07-11T10:00:00Z',
      data,
    };
  }

  it.each([
    [
      '31 actions',
      {
        requests: Array.from({ length: 31 }, (_, i) =>
          subscribe(i, { feed_url: `https://s.example/${i}` }),
        ),
      },
      'body.requests',
    ],
    [
      'a NUL byte in data',
      { requests: [subscribe(1, { feed_url: 'https://s.example/\u0000' })] },
      'body.requests.0.data.feed_url',
    ],
    [
      'a type of 300 bytes',
      { requests: [{ ...subscribe(1, {}), type: 't'.repeat(300) }] },
      'body.requests.0.type',
    ],
    [
      'a list for data',
      { requests: [{ ...subscribe(1, {}), data: ['x'] }] },
      'body.requests.0.data',
    ],
    [
      'a number for the time',
      { requests: [{ ...subscribe(1, {}), occurred_at: 1e9 }] },
      'body.requests.0.occurred_at',
    ],
  ])('refuses %s with a 400 naming the field, applying nothing', async (_what, body, field) => {
    const u = refused;
    const res = await opa(u).post('/v1/sync', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${literal(field)}`));
    await expectNothingStored(u);
  });

  it('rejects the actions whose data is hostile, applying the rest', async () => {
    const u = await suite.f.user('sync-data-hostile');
    const res = await opa(u).post('/v1/sync', {
      requests: [
        subscribe(1, { feed_url: `https://s.example/${'x'.repeat(100_000)}` }),
        subscribe(2, { feed_url: ['https://s.example/a', 'https://s.example/b'] }),
        subscribe(3, { feed_url: 'https://s.example/ok', guid: { $ne: null } }),
        subscribe(4, { feed_url: 'https://s.example/fine' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'applied',
    ]);
    expect((await opa(u).get('/v1/subscriptions')).body.total).toBe(1);
  });

  it('applies a repeated action_id once, answering its repeats as the first', async () => {
    const u = await suite.f.user('sync-repeated-id');
    const first = subscribe(5, { feed_url: 'https://repeat.example/a' });
    const res = await opa(u).post('/v1/sync', {
      requests: [
        first,
        { ...first, action_id: first.action_id.toUpperCase() },
        subscribe(5, { feed_url: 'https://repeat.example/b' }),
        subscribe(6, { feed_url: 'https://repeat.example/c' }),
      ],
    });
    expect(res.status).toBe(200);
    const [once, again, reused, other] = res.body.results;
    expect(once.status).toBe('applied');
    expect(again).toEqual({ ...once, action_id: first.action_id.toUpperCase() });
    expect(reused).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/^action_id/),
    });
    expect(other.status).toBe('applied');
    const feeds = (await opa(u).get('/v1/subscriptions')).body.subscriptions.map(
      (s: { feed_url: string }) => s.feed_url,
    );
    expect(feeds.sort()).toEqual(['https://repeat.example/a', 'https://repeat.example/c']);
  });

  it('applies a batch once under five racing retries of it', async () => {
    const u = await suite.f.user('sync-retries');
    const batch = { requests: [subscribe(9, { feed_url: 'https://retry.example/feed' })] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        opa(u, 'cca4ad10-dc35-4572-8f11-125dc465428a').post('/v1/sync', batch),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const statuses = answers.map((a) => a.body.results[0].status as string);
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.results[0].data.sync_id)).size).toBe(1);
    expect((await opa(u).get('/v1/subscriptions')).body.total).toBe(1);
  });

  it('follows a feed once under five racing POST /v1/subscriptions', async () => {
    const u = await suite.f.user('add-retries');
    const body = { subscriptions: [{ feed_url: 'https://retry.example/add' }] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => opa(u).post('/v1/subscriptions', body)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.success[0].guid)).size).toBe(1);
    expect((await opa(u).get('/v1/subscriptions')).body.total).toBe(1);
  });
});
