import { expect, it } from '@jest/globals';
import { describeInBothModes } from './support/both-modes.js';
import { type InsightFact, someInsight, someSlugs } from './support/corpus-facts.js';

const EMPTY = { episodes: [], insights: [], persons: [], topics: [] };
const favoritePath = (kind: string, ref: string) =>
  `/api/app/favorites/${kind}/${encodeURIComponent(ref)}`;

/** An insight favorite as listed when every field came from the corpus. */
const filledFromCorpus = (fact: InsightFact) => ({
  ref: fact.insightId,
  text: fact.text,
  episode_slug: fact.episode.slug,
  podcast_title: fact.episode.podcast_title,
  start_ms: fact.startMs,
});

describeInBothModes('favorites', (fixture) => {
  it('saves favorites of every kind, grouped, and re-saving replaces instead of adding', async () => {
    const [slug] = someSlugs(fixture().snapshot, 1);
    expect((await fixture().as('get', '/api/app/favorites')).body).toEqual(EMPTY);
    await fixture().as('put', '/api/app/favorites').send({ kind: 'episode', ref: slug });
    await fixture()
      .as('put', '/api/app/favorites')
      .send({ kind: 'person', ref: 'person:ann', label: 'Ann' });
    await fixture().as('put', '/api/app/favorites').send({ kind: 'topic', ref: 'topic:drainage' });
    const resaved = await fixture()
      .as('put', '/api/app/favorites')
      .send({ kind: 'person', ref: 'person:ann', label: 'Ann Lee' });
    expect(resaved.status).toBe(200);
    expect(resaved.body).toEqual({
      episodes: [{ ref: slug }],
      insights: [],
      persons: [{ ref: 'person:ann', label: 'Ann Lee' }],
      topics: [{ ref: 'topic:drainage' }],
    });
  });

  it('fills an insight favorite with its episode, show and quote start from the corpus', async () => {
    const fact = someInsight(fixture().snapshot);
    const res = await fixture()
      .as('put', '/api/app/favorites')
      .send({ kind: 'insight', ref: fact.insightId, text: fact.text });
    expect(res.status).toBe(200);
    expect(res.body.insights).toContainEqual(filledFromCorpus(fact));
  });

  it('saves an insight favorite sent with only kind and ref, its text from the corpus', async () => {
    const fact = someInsight(fixture().snapshot);
    const res = await fixture()
      .as('put', '/api/app/favorites')
      .send({ kind: 'insight', ref: fact.insightId });
    expect(res.status).toBe(200);
    expect(res.body.insights).toContainEqual(filledFromCorpus(fact));
  });

  it('answers 404 naming ref for an insight without text that the corpus lacks', async () => {
    const fact = someInsight(fixture().snapshot);
    for (const body of [
      { kind: 'insight', ref: 'insight:not-in-any-graph' },
      { kind: 'insight', ref: 'insight:not-in-any-graph', episode_slug: fact.episode.slug },
    ]) {
      const res = await fixture().as('put', '/api/app/favorites').send(body);
      expect(res.status).toBe(404);
      expect(res.body.field).toBe('body.ref');
      expect(res.body.detail).toMatch(/^ref: no insight insight:not-in-any-graph in /);
    }
    const listed = await fixture().as('get', '/api/app/favorites');
    expect(listed.body.insights).not.toContainEqual(
      expect.objectContaining({ ref: 'insight:not-in-any-graph' }),
    );
  });

  it('keeps the fields a client sends for an insight over what the corpus says', async () => {
    const fact = someInsight(fixture().snapshot);
    const ref = `${fact.insightId}/client:copy`;
    const body = {
      kind: 'insight',
      ref,
      text: 'mine',
      episode_slug: fact.episode.slug,
      podcast_title: 'Mine',
      start_ms: 7,
    };
    const res = await fixture().as('put', '/api/app/favorites').send(body);
    expect(res.body.insights).toContainEqual({
      ref,
      text: 'mine',
      episode_slug: fact.episode.slug,
      podcast_title: 'Mine',
      start_ms: 7,
    });
  });

  it('deletes by URL-encoded ref containing ":" and "/", and deleting again is a no-op', async () => {
    const ref = 'topic:roads/and:rails';
    await fixture().as('put', '/api/app/favorites').send({ kind: 'topic', ref });
    const before = await fixture().as('get', '/api/app/favorites');
    expect(before.body.topics).toContainEqual({ ref });
    const deleted = await fixture().as('delete', favoritePath('topic', ref));
    expect(deleted.status).toBe(200);
    expect(deleted.body.topics).not.toContainEqual({ ref });
    const again = await fixture().as('delete', favoritePath('topic', ref));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(deleted.body);
  });

  it('deletes a ref whose slash arrives unencoded', async () => {
    await fixture().as('put', '/api/app/favorites').send({ kind: 'person', ref: 'person:a/b' });
    const res = await fixture().as('delete', '/api/app/favorites/person/person:a/b');
    expect(res.body.persons).not.toContainEqual({ ref: 'person:a/b' });
  });

  it.each([
    ['an unknown kind', { kind: 'podcast', ref: 'x' }, 'body.kind'],
    ['an empty ref', { kind: 'topic', ref: '' }, 'body.ref'],
    [
      'a negative start_ms',
      { kind: 'insight', ref: 'insight:1', text: 't', start_ms: -5 },
      'body.start_ms',
    ],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const res = await fixture().as('put', '/api/app/favorites').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });

  it('refuses deleting with an unknown kind', async () => {
    const res = await fixture().as('delete', favoritePath('podcast', 'x'));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('params.kind');
  });

  it('answers 404 for an episode favorite the corpus lacks', async () => {
    const res = await fixture()
      .as('put', '/api/app/favorites')
      .send({ kind: 'episode', ref: 'gone-slug' });
    expect(res.status).toBe(404);
    const insight = await fixture()
      .as('put', '/api/app/favorites')
      .send({ kind: 'insight', ref: 'insight:x', text: 't', episode_slug: 'gone-slug' });
    expect(insight.status).toBe(404);
  });
});
