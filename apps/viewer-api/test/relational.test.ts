import { describe, expect, it } from '@jest/globals';
import {
  CilTopicTimelineResponse,
  RelationalGroupedResponse,
  RelationalListResponse,
} from '@podcast/contracts';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy, waitForRebuild } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-relational-tests';
const t = viewerOverSampleCopy(TOKEN);

const TOPIC = 'topic:adolescent-sleep';
const PERSON = 'person:bruno-novak';

async function list(sub: string, query: Record<string, string | number>) {
  const res = await request(t.viewer.app).get(`/api/relational/${sub}`).query(query);
  expect(res.status).toBe(200);
  return RelationalListResponse.parse(res.body);
}

async function grouped(sub: string, query: Record<string, string | number>) {
  const res = await request(t.viewer.app).get(`/api/relational/${sub}`).query(query);
  expect(res.status).toBe(200);
  return RelationalGroupedResponse.parse(res.body);
}

async function timelineIds(topic: string): Promise<string[]> {
  const res = await request(t.viewer.app).get(`/api/topics/${encodeURIComponent(topic)}/timeline`);
  const body = CilTopicTimelineResponse.parse(res.body);
  return body.episodes.flatMap((episode) => episode.insights.map((insight) => insight.id));
}

const ROUTES: [string, string][] = [
  ['/api/relational/positions', 'person'],
  ['/api/relational/insights-about', 'entity'],
  ['/api/relational/entities-in', 'insight'],
  ['/api/relational/topic-entities', 'topic'],
  ['/api/relational/episodes', 'podcast'],
  ['/api/relational/related-insights', 'insight'],
  ['/api/relational/episode-insights', 'episode'],
  ['/api/relational/insight-detail', 'insight'],
  ['/api/relational/topics', 'episode'],
  ['/api/relational/co-speakers', 'person'],
  ['/api/relational/related-topics', 'topic'],
  ['/api/relational/who-said', 'topic'],
  ['/api/relational/cross-show', 'topic'],
];

describe('relational layer: validation and the never-raise contract', () => {
  it.each(ROUTES)(
    '%s needs its scope key %s and a k of 1-200, naming the field',
    async (path, key) => {
      const get = (query: Record<string, string>) => request(t.viewer.app).get(path).query(query);
      expectProblem(await get({}), 400, key);
      expectProblem(await get({ [key]: 'x', k: '0' }), 400, 'k');
      expectProblem(await get({ [key]: 'x', k: '201' }), 400, 'k');
      expectProblem(await get({ [key]: 'x', k: 'ten' }), 400, 'k');
      expectProblem(await get({ [key]: 'x'.repeat(256) }), 400, key);
      expectProblem(await get({ [key]: 'a\u0000b' }), 400, key);
      expectProblem(await get({ [key]: 'x', path: '/etc' }), 403, 'path');
      expectProblem(await get({ [key]: 'x', path: `${t.corpus.root}/.hidden` }), 403);
    },
  );

  it.each(ROUTES)('%s answers 200 and nothing for an unknown %s', async (path, key) => {
    const res = await request(t.viewer.app)
      .get(path)
      .query({ [key]: 'topic:no-such-node-anywhere' });
    expect(res.status).toBe(200);
    expect(res.body.items ?? Object.keys(res.body.groups)).toEqual([]);
    expect(res.body.path).toBe(t.corpus.root);
  });
});

describe('relational layer over the sample corpus (no index: structural order)', () => {
  it('positions lists the insights the person said, and who-said groups agree', async () => {
    const positions = await list('positions', { person: PERSON, k: 200 });
    expect(positions.reranked).toBe(false);
    expect(positions.items.length).toBeGreaterThan(3);
    expect(positions.items.every((node) => node.type === 'Insight')).toBe(true);
    // A bare name resolves to the same person.
    const bare = await list('positions', { person: 'bruno-novak', k: 200 });
    expect(bare.items).toEqual(positions.items);
    const whoSaid = await grouped('who-said', { topic: TOPIC, k: 200 });
    const people = Object.keys(whoSaid.groups);
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) {
      const said = new Set((await list('positions', { person, k: 200 })).items.map((n) => n.id));
      for (const node of whoSaid.groups[person] ?? []) {
        expect(said.has(node.id)).toBe(true);
      }
    }
    const sizes = people.map((p) => whoSaid.groups[p]?.length ?? 0);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('insights-about a topic holds exactly the insights of its timeline, capped by k', async () => {
    const about = await list('insights-about', { entity: TOPIC, k: 200 });
    const timeline = await timelineIds(TOPIC);
    expect(about.items.map((n) => n.id).sort()).toEqual([...timeline].sort());
    expect(about.items.length).toBeGreaterThan(3);
    expect((await list('insights-about', { entity: TOPIC, k: 2 })).items).toHaveLength(2);
  });

  it('insight-detail starts with the insight, then its quotes, topics and people', async () => {
    const [first] = (await list('positions', { person: PERSON, k: 1 })).items;
    const detail = await list('insight-detail', { insight: first?.id ?? '' });
    expect(detail.items[0]).toEqual(first);
    const types = detail.items.map((n) => n.type);
    expect(types).toContain('Quote');
    expect(types).toContain('Topic');
    expect(types).toContain('Person');
    const entities = await list('entities-in', { insight: first?.id ?? '' });
    expect(entities.items.map((n) => n.id)).toContain(PERSON);
    expect(entities.items.every((n) => n.type === 'Person' || n.type === 'Organization')).toBe(
      true,
    );
  });

  it('related-insights shares a topic or entity with the insight and leaves it out', async () => {
    const [first] = (await list('insights-about', { entity: TOPIC, k: 1 })).items;
    const related = await list('related-insights', { insight: first?.id ?? '', k: 200 });
    expect(related.items.map((n) => n.id)).not.toContain(first?.id);
    const sameTopic = new Set(await timelineIds(TOPIC));
    const others = related.items.filter((n) => sameTopic.has(n.id));
    expect(others.length).toBe(sameTopic.size - 1);
  });

  it('episodes, episode-insights and topics walk from a show to its episodes and back', async () => {
    const [someone] = (await list('positions', { person: PERSON, k: 1 })).items;
    const show = someone?.show_id ?? '';
    const episodes = await list('episodes', { podcast: show, k: 200 });
    expect(episodes.items.length).toBeGreaterThan(0);
    expect(episodes.items.every((n) => n.type === 'Episode' && n.show_id === show)).toBe(true);
    const episode = episodes.items.find((n) => n.episode_id === someone?.episode_id);
    const insights = await list('episode-insights', { episode: episode?.episode_id ?? '' });
    expect(insights.items.map((n) => n.id)).toContain(someone?.id);
    expect(insights.items.every((n) => n.episode_id === someone?.episode_id)).toBe(true);
    const topics = await list('topics', { episode: episode?.episode_id ?? '' });
    expect(topics.items.length).toBeGreaterThan(0);
    expect(topics.items.every((n) => n.type === 'Topic' && (n.count ?? 0) > 0)).toBe(true);
  });

  it('frequency lists rank by count and never list the scope itself', async () => {
    for (const [sub, key, self] of [
      // GI 1.0 names Esther `speaker:esther-lindqvist` in one episode: the same person.
      ['co-speakers', 'person', 'person:esther-lindqvist'],
      ['related-topics', 'topic', TOPIC],
      ['topic-entities', 'topic', TOPIC],
    ] as const) {
      const body = await list(sub, { [key]: self, k: 200 });
      const counts = body.items.map((n) => n.count ?? 0);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(body.items.map((n) => n.id)).not.toContain(self);
      expect(`${sub}: ${body.items.length > 0}`).toBe(`${sub}: true`);
    }
  });

  it('co-speakers counts shared episodes across GI lineages', async () => {
    const body = await list('co-speakers', { person: 'person:esther-lindqvist' });
    expect(body.items.map((n) => [n.id, n.count])).toEqual(
      expect.arrayContaining([
        ['person:nadia-costa', expect.any(Number)],
        ['person:theo-macleod', 1],
      ]),
    );
    expect((await list('co-speakers', { person: PERSON })).items).toEqual([]);
  });

  it('cross-show keeps per_show insights per feed, each from that feed', async () => {
    const body = await grouped('cross-show', { topic: 'topic:public-trust', per_show: 2 });
    const shows = Object.keys(body.groups);
    expect(shows.length).toBeGreaterThan(0);
    for (const show of shows) {
      const nodes = body.groups[show] ?? [];
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes.length).toBeLessThanOrEqual(2);
      expect(nodes.every((n) => n.show_id === show)).toBe(true);
    }
    expectProblem(
      await request(t.viewer.app)
        .get('/api/relational/cross-show')
        .query({ topic: TOPIC, per_show: 0 }),
      400,
      'per_show',
    );
  });
});

describe('relational layer after an index rebuild', () => {
  it('re-ranks positions and insights-about with the index, keeping the same members', async () => {
    const before = await list('insights-about', { entity: TOPIC, k: 200 });
    const started = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', `Bearer ${TOKEN}`);
    expect(started.status).toBe(202);
    expect(await waitForRebuild(t.viewer.app, t.corpus.root)).toMatchObject({ available: true });
    const after = await list('insights-about', { entity: TOPIC, k: 200 });
    expect(after.reranked).toBe(true);
    expect(after.items.map((n) => n.id).sort()).toEqual(before.items.map((n) => n.id).sort());
    const positions = await list('positions', { person: PERSON, k: 200 });
    expect(positions.reranked).toBe(true);
    const unknown = await list('positions', { person: 'person:nobody-at-all' });
    expect(unknown).toMatchObject({ items: [], reranked: false });
  });
});
