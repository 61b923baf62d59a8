import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AskAnswer } from '@podcast/contracts';
import type { CorpusSnapshot } from '@podcast/corpus';
import request from 'supertest';
import { buildProductionTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { indexServedCorpus, sampleCopy } from './support/sample-copy.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

let copy: Awaited<ReturnType<typeof sampleCopy>>;
let t: TestApp;
let snapshot: CorpusSnapshot;
let alice = '';
let bob = '';

const askAs = (cookie: string, query: Record<string, string>) => {
  const req = request(t.app).get('/api/app/ask').query(query);
  return cookie === '' ? req : req.set('cookie', cookie);
};
const episodeTitled = (prefix: string) => {
  const episode = snapshot.episodes.find((e) => e.title.startsWith(prefix));
  if (episode === undefined) {
    throw new Error(`no sample episode titled ${prefix}…`);
  }
  return episode;
};
const feedOf = (show: string) => snapshot.feeds.find((f) => f.title === show)?.feed_id ?? '';

beforeAll(async () => {
  copy = await sampleCopy('consumer-ask');
  t = await buildProductionTestApp('an-ask-route-secret-of-32-characters', {
    env: { CORPUS_DIR: copy.root },
  });
  snapshot = await servedSnapshot(t);
  alice = (await sessionCookieFor(t.ctx, 'alice')).cookie;
  bob = (await sessionCookieFor(t.ctx, 'bob')).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
  await copy.remove();
});

describe('GET /api/app/ask without an index', () => {
  it('abstains with no_index, a 200', async () => {
    const res = await askAs(alice, { q: 'battery recycling' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'abstained', reason: 'no_index', evidence: [] });
  });

  it.each([
    ['no question', {}, 'q'],
    ['a blank question', { q: '  ' }, 'q'],
    ['an unknown scope', { q: 'x', scope: 'everything' }, 'scope'],
    ['the episode scope without an episode', { q: 'x', scope: 'episode' }, 'episode'],
    ['top_k 0', { q: 'x', top_k: '0' }, 'top_k'],
    ['a question over 500 characters', { q: 'x'.repeat(501) }, 'q'],
  ])('refuses %s with a 400 naming the field', async (_label, query, field) => {
    const res = await askAs(alice, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });

  it('answers 404 for an unknown episode', async () => {
    const res = await askAs(alice, { q: 'x', scope: 'episode', episode: 'no-such-episode' });
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('no-such-episode');
  });

  it.each(['library', 'corpus', 'episode'])(
    'answers 401 to scope %s without a session',
    async (scope) => {
      const res = await askAs('', { q: 'x', scope, episode: 'any' });
      expect(res.status).toBe(401);
    },
  );
});

describe('GET /api/app/ask over a built index', () => {
  beforeAll(async () => {
    await indexServedCorpus(t);
    const slowWave = feedOf('Slow Wave');
    const played = episodeTitled('What Sewer Separation');
    expect(
      (await request(t.app).post(`/api/app/library/${slowWave}`).set('cookie', alice)).status,
    ).toBe(201);
    expect(
      (
        await request(t.app)
          .put(`/api/app/playback/${played.slug}`)
          .set('cookie', alice)
          .send({ position_seconds: 120 })
      ).status,
    ).toBe(200);
    const chargeCycle = feedOf('Charge Cycle');
    expect(
      (await request(t.app).post(`/api/app/library/${chargeCycle}`).set('cookie', bob)).status,
    ).toBe(201);
  }, 120_000);

  it('answers the corpus scope with evidence items', async () => {
    const res = await askAs(alice, { q: 'What changed at Halvorsen Battery Lab?' });
    expect(res.status).toBe(200);
    const answer = AskAnswer.parse(res.body);
    expect(answer).toMatchObject({ status: 'answered', scope: 'corpus', summary: null });
    expect(answer.evidence[0]).toMatchObject({
      n: 1,
      insight: { id: 'insight:fadec2caf64cb4a6', grounded: true },
      episode: { show: 'Charge Cycle', title: 'The Hidden Cost of Grid Storage' },
      play_url: expect.stringMatching(/^\/episodes\/.+\?t=\d+$/),
      transcript: { relpath: expect.stringMatching(/\.txt$/) },
    });
  });

  it('keeps the episode scope inside the episode, and lets it fill the answer', async () => {
    const episode = episodeTitled('What Sewer Separation');
    const res = await askAs(alice, {
      q: 'What about sewer separation?',
      scope: 'episode',
      episode: episode.slug,
      top_k: '10',
    });
    const answer = AskAnswer.parse(res.body);
    expect(answer.scope).toBe('episode');
    expect(answer.evidence.length).toBeGreaterThan(2);
    expect(new Set(answer.evidence.map((e) => e.episode.slug))).toEqual(new Set([episode.slug]));
  });

  it("answers the library scope from the listener's shows and played episodes only", async () => {
    const own = new Set([feedOf('Slow Wave')]);
    const played = episodeTitled('What Sewer Separation');
    const napping = AskAnswer.parse(
      (await askAs(alice, { q: 'Is napping mostly a story about money?', scope: 'library' })).body,
    );
    expect(napping.status).toBe('answered');
    const glasgow = AskAnswer.parse(
      (
        await askAs(alice, {
          q: 'When did Glasgow start measuring sewer separation?',
          scope: 'library',
        })
      ).body,
    );
    expect(glasgow.evidence[0]?.insight?.id).toBe('insight:e8e210a26c972bdf');
    for (const item of [...napping.evidence, ...glasgow.evidence]) {
      expect(own.has(item.episode.feed_id) || item.episode.slug === played.slug).toBe(true);
    }
  });

  it("never answers from another listener's library", async () => {
    const question = { q: 'What changed at Halvorsen Battery Lab?', scope: 'library' };
    const bobs = AskAnswer.parse((await askAs(bob, question)).body);
    expect(bobs.evidence[0]?.insight?.id).toBe('insight:fadec2caf64cb4a6');
    const alices = AskAnswer.parse((await askAs(alice, question)).body);
    expect(alices.evidence.map((e) => e.episode.show)).not.toContain('Charge Cycle');
    const glasgow = AskAnswer.parse(
      (
        await askAs(bob, {
          q: 'When did Glasgow start measuring sewer separation?',
          scope: 'library',
        })
      ).body,
    );
    expect(glasgow.evidence.map((e) => e.episode.show)).not.toContain('Below the Curb');
    expect(glasgow.evidence.map((e) => e.episode.show)).not.toContain('Slow Wave');
  });
});
