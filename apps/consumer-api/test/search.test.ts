import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

let dir = '';
let root = '';
let t: TestApp;
let slug = '';

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'consumer-search-')));
  root = path.join(dir, 'sample');
  await cp(SAMPLE_CORPUS_DIR, root, { recursive: true, preserveTimestamps: true });
  t = await buildTestApp({ env: { CORPUS_DIR: root } });
  const snapshot = await t.ctx.corpus.get(root);
  slug = snapshot.episodes.find((e) => e.has_gi && e.has_transcript)?.slug ?? '';
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('consumer search without an index', () => {
  it('answers no_index, and related episodes as an empty list', async () => {
    const library = await request(t.app).get('/api/app/search').query({ q: 'sleep' });
    expect(library.status).toBe(200);
    expect(library.body).toMatchObject({ no_index: true, results: [] });
    const scoped = await request(t.app)
      .get(`/api/app/episodes/${slug}/search`)
      .query({ q: 'sleep' });
    expect(scoped.body).toMatchObject({ no_index: true, results: [] });
    const related = await request(t.app).get(`/api/app/episodes/${slug}/related`);
    expect(related.status).toBe(200);
    expect(related.body).toEqual({ items: [] });
  });

  it.each([
    ['/api/app/search', {}, 'q'],
    ['/api/app/search', { q: 'x', top_k: '0' }, 'top_k'],
    ['/api/app/search', { q: 'x', grounded_only: 'sometimes' }, 'grounded_only'],
  ])('refuses %s %j with a 400 naming %s', async (route, query, field) => {
    const res = await request(t.app).get(route).query(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });

  it('answers 404 for an unknown episode slug', async () => {
    expect(
      (await request(t.app).get('/api/app/episodes/nope/search').query({ q: 'x' })).status,
    ).toBe(404);
    expect((await request(t.app).get('/api/app/episodes/nope/related')).status).toBe(404);
  });
});

describe('consumer search over a built index', () => {
  beforeAll(async () => {
    const start = await t.ctx.search.rebuild(root, false);
    if (start.status === 'started') {
      await start.finished;
    }
  }, 120_000);

  it('adds card fields to library hits', async () => {
    const res = await request(t.app)
      .get('/api/app/search')
      .query({ q: 'battery recycling', top_k: '5' });
    expect(res.status).toBe(200);
    expect(res.body.no_index).toBe(false);
    expect(res.body.results).toHaveLength(5);
    for (const hit of res.body.results) {
      expect(hit).toEqual(
        expect.objectContaining({
          episode_slug: expect.any(String),
          episode_title: expect.any(String),
          podcast_title: expect.any(String),
        }),
      );
      expect(
        hit.episode_artwork === null || hit.episode_artwork.startsWith('/api/app/artwork?ref='),
      ).toBe(true);
    }
  });

  it('keeps an episode search inside that episode', async () => {
    const res = await request(t.app)
      .get(`/api/app/episodes/${slug}/search`)
      .query({ q: 'research funding' });
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(
      new Set(res.body.results.map((hit: { episode_slug: string }) => hit.episode_slug)),
    ).toEqual(new Set([slug]));
  });

  it('lists related episodes as catalog cards, never the episode itself', async () => {
    const res = await request(t.app).get(`/api/app/episodes/${slug}/related`).query({ top_k: '3' });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items.map((item: { slug: string }) => item.slug)).not.toContain(slug);
    expect(res.body.items[0]).toEqual(
      expect.objectContaining({ title: expect.any(String), artwork_url: expect.anything() }),
    );
  });
});
