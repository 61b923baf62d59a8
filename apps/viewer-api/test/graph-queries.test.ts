import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  CilConversationArcResponse,
  CilPersonPositionsResponse,
  CilPersonProfileResponse,
  CilPersonTopicsResponse,
  CilTopicPersonsResponse,
  CilTopicPerspectiveLeadersResponse,
  CilTopicPerspectivesResponse,
  CilTopicTimelineResponse,
} from '@podcast/contracts';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy } from './support/sample-corpus-copy.js';

const t = viewerOverSampleCopy('operator-token-for-graph-query-tests');

const TOMASZ = 'person:tomasz-haugen';
const TOPIC = 'topic:adolescent-sleep';
const enc = encodeURIComponent;

async function get(url: string, query: Record<string, string | number> = {}) {
  const res = await request(t.viewer.app).get(url).query(query);
  expect(res.status).toBe(200);
  return res.body;
}

const ascending = (dates: (string | null)[]) => {
  const dated = dates.filter((d): d is string => d !== null);
  return dated.every((d, i) => i === 0 || (dated[i - 1] as string) <= d);
};

describe('GET /api/persons/{person_id}/…', () => {
  it('positions needs a topic, keeps claims by default, and every type with all or *', async () => {
    const url = `/api/persons/${enc(TOMASZ)}/positions`;
    expectProblem(await request(t.viewer.app).get(url), 400, 'topic');
    expectProblem(await request(t.viewer.app).get(url).query({ topic: '' }), 400, 'topic');
    const claims = CilPersonPositionsResponse.parse(await get(url, { topic: TOPIC }));
    expect(claims).toMatchObject({ person_id: TOMASZ, topic_id: TOPIC, insight_types: ['claim'] });
    expect(claims.display_name).toBe('Tomasz Haugen');
    expect(claims.items.length).toBeGreaterThan(0);
    expect(claims.items.every((i) => i.insight_type === 'claim')).toBe(true);
    const all = CilPersonPositionsResponse.parse(
      await get(url, { topic: TOPIC, insight_types: 'all' }),
    );
    const star = CilPersonPositionsResponse.parse(
      await get(url, { topic: TOPIC, insight_types: '*' }),
    );
    expect(all.insight_types).toBeNull();
    expect(star.items).toEqual(all.items);
    expect(all.items.length).toBeGreaterThan(claims.items.length);
    expect(ascending(all.items.map((i) => i.publish_date))).toBe(true);
    for (const insight of all.items) {
      expect(insight.speaker_ids).toContain(TOMASZ);
      expect(insight.topic_ids).toContain(TOPIC);
    }
    const observations = CilPersonPositionsResponse.parse(
      await get(url, { topic: 'adolescent-sleep', insight_types: 'Observation, claim' }),
    );
    expect(observations.insight_types).toEqual(['observation', 'claim']);
    expect(
      observations.items.every((i) => ['observation', 'claim'].includes(i.insight_type ?? '')),
    ).toBe(true);
  });

  it('carries sentiment from the sidecar, none without one, and no error for a broken one', async () => {
    const positions = async () =>
      CilPersonPositionsResponse.parse(
        await get(`/api/persons/${enc(TOMASZ)}/positions`, { topic: TOPIC, insight_types: 'all' }),
      ).items;
    const before = await positions();
    const withSentiment = before.find((i) => i.sentiment !== undefined);
    expect(withSentiment).toBeDefined();
    const relpath = withSentiment?.metadata_relpath ?? '';
    const stem = path.posix.basename(relpath).replace(/\.metadata\.json$/, '');
    const sidecar = path.join(
      t.corpus.root,
      path.posix.dirname(relpath),
      'enrichments',
      `${stem}.insight_sentiment.json`,
    );
    const original = await readFile(sidecar, 'utf8');
    const ofEpisode = (items: typeof before) => items.filter((i) => i.metadata_relpath === relpath);
    try {
      await rm(sidecar);
      await t.viewer.refresh();
      expect(ofEpisode(await positions()).every((i) => i.sentiment === undefined)).toBe(true);
      await writeFile(sidecar, '{"data": {"insights": [{"insight_id": 3, "compound": "x"}');
      await t.viewer.refresh();
      expect(ofEpisode(await positions()).every((i) => i.sentiment === undefined)).toBe(true);
    } finally {
      await writeFile(sidecar, original);
      await t.viewer.refresh();
    }
    expect(await positions()).toEqual(before);
  });

  it('brief groups the person’s insights by topic and lists the quotes they spoke', async () => {
    const brief = CilPersonProfileResponse.parse(await get(`/api/persons/${enc(TOMASZ)}/brief`));
    expect(brief.insight_count).toBeGreaterThan(0);
    expect(brief.topics.map((t) => t.topic_id)).toContain(TOPIC);
    expect(brief.quotes.length).toBeGreaterThan(0);
    expect(brief.quotes.every((q) => q.speaker_id === TOMASZ)).toBe(true);
    const topics = CilPersonTopicsResponse.parse(await get(`/api/persons/${enc(TOMASZ)}/topics`));
    expect(topics.topic_ids).toEqual(brief.topics.map((t) => t.topic_id));
    const counts = topics.topics.map((t) => t.insight_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('answers empty lists for an unknown person, and 400 for a bad id', async () => {
    const brief = CilPersonProfileResponse.parse(await get('/api/persons/person:nobody/brief'));
    expect(brief).toMatchObject({ insight_count: 0, topics: [], quotes: [] });
    const topics = CilPersonTopicsResponse.parse(await get('/api/persons/nobody/topics'));
    expect(topics).toMatchObject({ person_id: 'person:nobody', topic_ids: [] });
    expectProblem(
      await request(t.viewer.app).get(`/api/persons/${'p'.repeat(256)}/topics`),
      400,
      'person_id',
    );
    expectProblem(await request(t.viewer.app).get('/api/persons/x%00y/topics'), 400, 'person_id');
    expectProblem(await request(t.viewer.app).get('/api/persons/%E0%A4%A/topics'), 400);
    expectProblem(
      await request(t.viewer.app)
        .get('/api/persons/x/topics')
        .query({ path: `${t.corpus.root}/.x` }),
      403,
    );
  });
});

describe('topic graph queries', () => {
  it('timeline lists episodes oldest first with display fields and sentiment', async () => {
    const body = CilTopicTimelineResponse.parse(await get(`/api/topics/${enc(TOPIC)}/timeline`));
    expect(body).toMatchObject({ topic_ids: [TOPIC], insight_types: null });
    expect(body.episodes.length).toBeGreaterThan(1);
    expect(ascending(body.episodes.map((e) => e.publish_date))).toBe(true);
    for (const episode of body.episodes) {
      expect(episode.episode_title.length).toBeGreaterThan(0);
      expect(episode.feed_title).not.toBeNull();
      expect(episode.insights.every((i) => i.topic_ids.includes(TOPIC))).toBe(true);
    }
    expect(body.episodes.some((e) => e.insights.some((i) => i.sentiment))).toBe(true);
  });

  it('POST /api/topics/timeline merges topics in one pass, each episode and insight once', async () => {
    const post = (body: unknown) =>
      request(t.viewer.app)
        .post('/api/topics/timeline')
        .send(body as object);
    const res = await post({
      topic_ids: ['adolescent-sleep', TOPIC, `g:${TOPIC}`, 'topic:shift-work'],
      insight_types: ['all'],
    });
    expect(res.status).toBe(200);
    const merged = CilTopicTimelineResponse.parse(res.body);
    expect(merged.topic_ids).toEqual([TOPIC, 'topic:shift-work']);
    const ids = merged.episodes.flatMap((e) =>
      e.insights.map((i) => `${e.metadata_relpath} ${i.id}`),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const episodes = merged.episodes.map((e) => e.metadata_relpath);
    expect(new Set(episodes).size).toBe(episodes.length);
    const single = async (topic: string) =>
      CilTopicTimelineResponse.parse(
        await get(`/api/topics/${enc(topic)}/timeline`),
      ).episodes.flatMap((e) => e.insights.map((i) => `${e.metadata_relpath} ${i.id}`));
    const union = new Set([...(await single(TOPIC)), ...(await single('topic:shift-work'))]);
    expect(new Set(ids)).toEqual(union);
    expectProblem(await post({ topic_ids: [] }), 400, 'topic_ids');
    expectProblem(await post({}), 400, 'topic_ids');
    expectProblem(
      await post({ topic_ids: Array.from({ length: 51 }, (_, i) => `t${i}`) }),
      400,
      'topic_ids',
    );
    expectProblem(await post({ topic_ids: [TOPIC], insight_types: 7 }), 400, 'insight_types');
    expectProblem(await post({ topic_ids: [TOPIC], path: '/etc' }), 403, 'path');
    const claims = CilTopicTimelineResponse.parse(
      (await post({ topic_ids: [TOPIC], insight_types: 'claim' })).body,
    );
    expect(
      claims.episodes.flatMap((e) => e.insights).every((i) => i.insight_type === 'claim'),
    ).toBe(true);
  });

  it('conversation-arc buckets every insight by ISO week, oldest first, gaps filled', async () => {
    const arc = CilConversationArcResponse.parse(
      await get(`/api/topics/${enc(TOPIC)}/conversation-arc`),
    );
    const timeline = CilTopicTimelineResponse.parse(
      await get(`/api/topics/${enc(TOPIC)}/timeline`),
    );
    const total = timeline.episodes.reduce((n, e) => n + e.insights.length, 0);
    const volume = arc.weeks.reduce((n, w) => n + w.volume, 0);
    expect(volume + arc.undated).toBe(total);
    const weeks = arc.weeks.map((w) => w.week);
    expect(weeks).toEqual([...weeks].sort());
    expect(new Set(weeks).size).toBe(weeks.length);
    for (const week of arc.weeks) {
      expect(week.negative + week.neutral + week.positive).toBeLessThanOrEqual(week.volume);
      expect(week.avg_compound === null).toBe(week.negative + week.neutral + week.positive === 0);
    }
    expect(arc.weeks.some((w) => w.volume === 0)).toBe(true);
    const empty = CilConversationArcResponse.parse(
      await get('/api/topics/topic:nothing/conversation-arc'),
    );
    expect(empty).toMatchObject({ weeks: [], undated: 0 });
  });

  it('persons lists the people who discuss the topic in grounded quotes', async () => {
    const body = CilTopicPersonsResponse.parse(await get(`/api/topics/${enc(TOPIC)}/persons`));
    expect(body.person_ids).toContain(TOMASZ);
    expect(body.person_ids.every((id) => id.startsWith('person:'))).toBe(true);
  });

  it('perspective-leaders ranks the most discussed topics and their speakers', async () => {
    const body = CilTopicPerspectiveLeadersResponse.parse(
      await get('/api/topics/perspective-leaders', { limit: 3 }),
    );
    expect(body.topics).toHaveLength(3);
    const counts = body.topics.map((topic) => topic.insight_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.topics.some((topic) => topic.leaders.length > 0)).toBe(true);
    for (const topic of body.topics) {
      expect(topic.leaders.length).toBeLessThanOrEqual(3);
    }
    expectProblem(
      await request(t.viewer.app).get('/api/topics/perspective-leaders?limit=0'),
      400,
      'limit',
    );
  });

  it('perspectives groups the topic by person or by show', async () => {
    const url = `/api/topics/${enc(TOPIC)}/perspectives`;
    const people = CilTopicPerspectivesResponse.parse(await get(url));
    expect(people.scope).toBe('person');
    expect(people.perspectives.map((p) => p.key)).toContain(TOMASZ);
    const shows = CilTopicPerspectivesResponse.parse(await get(url, { scope: 'show' }));
    for (const show of shows.perspectives) {
      expect(show.insights.every((i) => i.feed_id === show.key)).toBe(true);
      expect(show.insights.length).toBeLessThanOrEqual(5);
    }
    expectProblem(await request(t.viewer.app).get(url).query({ scope: 'planet' }), 400, 'scope');
  });

  it('reports the graph-query capability and documents every route', async () => {
    const health = await get('/api/health');
    expect(health.cil_queries_api).toBe(true);
    const spec = await get('/openapi.json');
    for (const path of [
      '/api/persons/{person_id}/positions',
      '/api/topics/timeline',
      '/api/topics/perspective-leaders',
      '/api/relational/who-said',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
  });
});
