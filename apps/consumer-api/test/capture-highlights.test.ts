import { cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EpisodeRecord, insightListOf, readSegments } from '@podcast/corpus';
import { SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const SECRET = 'a-capture-test-session-secret-32-chars!';

let dir = '';
let root = '';
let t: TestApp;
let ann = '';
let bob = '';
let episode: EpisodeRecord;
let segments: { start: number; end: number; text: string }[] = [];
let segmentsFile = '';
let insightId = '';

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'consumer-capture-')));
  root = path.join(dir, 'sample');
  await cp(SAMPLE_CORPUS_DIR, root, { recursive: true, preserveTimestamps: true });
  t = await buildProductionTestApp(SECRET, { env: { CORPUS_DIR: root } });
  ann = (await sessionCookieFor(t.ctx, 'ann')).cookie;
  bob = (await sessionCookieFor(t.ctx, 'bob')).cookie;
  const snapshot = await t.ctx.corpus.get(root);
  const found = snapshot.episodes.find((e) => e.has_gi && e.transcript_relpath) as EpisodeRecord;
  episode = found;
  const read = await readSegments(snapshot, found);
  segments = [...(read?.segments ?? [])];
  segmentsFile = path.join(root, read?.relpath ?? '');
  insightId = insightListOf(snapshot, snapshot.graphOf(found)).items[0]?.id ?? '';
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const ms = (seconds: number) => Math.round(seconds * 1000);

function span(i: number, extra: Record<string, unknown> = {}) {
  const s = segments[i] as { start: number; end: number; text: string };
  return {
    episode_slug: episode.slug,
    kind: 'span',
    start_ms: ms(s.start),
    end_ms: ms(s.end),
    quote_text: s.text,
    ...extra,
  };
}

const create = (cookie: string, body: unknown) =>
  request(t.app)
    .post('/api/app/highlights')
    .set('Cookie', cookie)
    .send(body as object);

describe('creating highlights', () => {
  it('anchors a span at its offsets in the transcript', async () => {
    const res = await create(ann, span(3, { color: 'yellow', speaker: 'Guest' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^h_[0-9a-f]{24}$/),
      kind: 'span',
      anchor_status: 'ok',
      color: 'yellow',
      speaker: 'Guest',
      quotes: [],
    });
    const transcript = segments.map((s) => s.text).join('\n');
    expect(transcript.slice(res.body.char_start, res.body.char_end)).toBe(segments[3]?.text);
  });

  it('expands a moment to the sentence spoken at that time', async () => {
    const s = segments[5] as { start: number; end: number; text: string };
    const res = await create(ann, {
      episode_slug: episode.slug,
      kind: 'moment',
      start_ms: ms((s.start + s.end) / 2),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'moment',
      quote_text: s.text,
      start_ms: ms(s.start),
      end_ms: ms(s.end),
      anchor_status: 'ok',
    });
    expect(res.body.speaker).toMatch(/^SPEAKER_/);
  });

  it('keeps an insight with its supporting quotes', async () => {
    const res = await create(ann, {
      episode_slug: episode.slug,
      kind: 'insight',
      insight_id: insightId,
    });
    expect(res.status).toBe(201);
    expect(res.body.quotes.length).toBeGreaterThan(0);
    expect(res.body.quotes[0]).toMatchObject({ text: expect.any(String) });
  });

  it('answers 404 for an unknown episode or an insight the episode lacks', async () => {
    expect((await create(ann, span(1, { episode_slug: 'no-such-episode' }))).status).toBe(404);
    const res = await create(ann, {
      episode_slug: episode.slug,
      kind: 'insight',
      insight_id: 'insight:nope',
    });
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('insight:nope');
  });

  it.each([
    [{ quote_text: undefined }, 'body.quote_text'],
    [{ end_ms: 0, start_ms: 5000 }, 'body.end_ms'],
    [{ start_ms: -1 }, 'body.start_ms'],
    [{ start_ms: 1.5 }, 'body.start_ms'],
    [{ quote_text: 'q'.repeat(2001) }, 'body.quote_text'],
    [{ quote_text: '   ' }, 'body.quote_text'],
    [{ quote_text: 'a\u0000b' }, 'body.quote_text'],
    [{ color: 'chartreuse' }, 'body.color'],
    [{ speaker: 'é'.repeat(128) }, 'body.speaker'],
    [{ kind: 'paragraph' }, 'body.kind'],
    [{ episode_slug: 's'.repeat(201) }, 'body.episode_slug'],
  ])('refuses %j with a 400 naming %s', async (extra, field) => {
    const res = await create(ann, span(2, extra));
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });

  it('keeps a moment or span of an episode without a transcript, unanchored', async () => {
    const snapshot = await t.ctx.corpus.get(root);
    const bare = snapshot.episodes.find((e) => !e.transcript_relpath) as EpisodeRecord;
    expect(bare).toBeDefined();
    const moment = await create(ann, { episode_slug: bare.slug, kind: 'moment', start_ms: 61_000 });
    expect(moment.status).toBe(201);
    expect(moment.body).toMatchObject({
      quote_text: null,
      start_ms: 61_000,
      anchor_status: 'lost',
      char_start: null,
    });
    const spanned = await create(ann, {
      episode_slug: bare.slug,
      kind: 'span',
      start_ms: 1000,
      end_ms: 2000,
      quote_text: 'Words from a transcript we do not have.',
    });
    expect(spanned.body).toMatchObject({
      anchor_status: 'lost',
      quote_text: 'Words from a transcript we do not have.',
    });
  });

  it.each([
    ['an array for episode', '/api/app/highlights?episode=a&episode=b', 'query.episode'],
    ['an overlong episode', `/api/app/highlights?episode=${'e'.repeat(201)}`, 'query.episode'],
    ['a malformed escape', '/api/app/highlights?episode=%E0%A4%A', 'query'],
  ])('refuses %s in the list query with a 400', async (_what, url, field) => {
    const res = await request(t.app).get(url).set('Cookie', ann);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });

  it('refuses a body that is not an object', async () => {
    const res = await request(t.app).post('/api/app/highlights').set('Cookie', ann).send([1, 2]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('body');
  });

  it('refuses a moment without start_ms and an insight without insight_id', async () => {
    const moment = await create(ann, { episode_slug: episode.slug, kind: 'moment' });
    expect(moment.body.detail).toContain('body.start_ms');
    const insight = await create(ann, { episode_slug: episode.slug, kind: 'insight' });
    expect(insight.body.detail).toContain('body.insight_id');
  });
});

describe('listing, changing and deleting', () => {
  let mine = '';
  beforeAll(async () => {
    mine = (await create(ann, span(7))).body.id;
  });

  it("lists only the user's own highlights, optionally of one episode", async () => {
    const all = await request(t.app).get('/api/app/highlights').set('Cookie', ann);
    expect(all.body.items.map((h: { id: string }) => h.id)).toContain(mine);
    const other = await request(t.app).get('/api/app/highlights').set('Cookie', bob);
    expect(other.body).toEqual({ items: [] });
    const none = await request(t.app)
      .get('/api/app/highlights')
      .set('Cookie', ann)
      .query({ episode: 'some-other-episode' });
    expect(none.body).toEqual({ items: [] });
  });

  it("answers 404 for another user's highlight on every route", async () => {
    expect(
      (
        await request(t.app)
          .patch(`/api/app/highlights/${mine}`)
          .set('Cookie', bob)
          .send({ color: 'red' })
      ).status,
    ).toBe(404);
    expect(
      (await request(t.app).delete(`/api/app/highlights/${mine}`).set('Cookie', bob)).status,
    ).toBe(404);
    const note = await request(t.app)
      .post('/api/app/notes')
      .set('Cookie', bob)
      .send({ target: 'highlight', target_id: mine, text: 'mine now' });
    expect(note.status).toBe(404);
  });

  it('changes the colour, clears it, and re-anchors a new quote', async () => {
    const red = await request(t.app)
      .patch(`/api/app/highlights/${mine}`)
      .set('Cookie', ann)
      .send({ color: 'red' });
    expect(red.body.color).toBe('red');
    const cleared = await request(t.app)
      .patch(`/api/app/highlights/${mine}`)
      .set('Cookie', ann)
      .send({ color: null });
    expect(cleared.body.color).toBeNull();
    const moved = await request(t.app)
      .patch(`/api/app/highlights/${mine}`)
      .set('Cookie', ann)
      .send({ quote_text: segments[8]?.text });
    expect(moved.body.anchor_status).toBe('ok');
    const transcript = segments.map((s) => s.text).join('\n');
    expect(transcript.slice(moved.body.char_start, moved.body.char_end)).toBe(segments[8]?.text);
  });

  it.each([
    [{}, 'nothing to change'],
    [{ kind: 'moment' }, 'kind'],
    [{ episode_slug: 'x' }, 'episode_slug'],
    [{ color: 'mauve' }, 'color'],
    [{ end_ms: 1 }, 'end_ms'],
  ])('refuses the patch %j with a 400 naming %s', async (body, words) => {
    const res = await request(t.app)
      .patch(`/api/app/highlights/${mine}`)
      .set('Cookie', ann)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(words);
  });

  it("refuses to move a moment's quote", async () => {
    const s = segments[9] as { start: number };
    const moment = await create(ann, {
      episode_slug: episode.slug,
      kind: 'moment',
      start_ms: ms(s.start),
    });
    const res = await request(t.app)
      .patch(`/api/app/highlights/${moment.body.id}`)
      .set('Cookie', ann)
      .send({ quote_text: 'other words' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('quote_text');
  });

  it('refuses a malformed id with a 400 naming it', async () => {
    const res = await request(t.app).delete('/api/app/highlights/not-an-id').set('Cookie', ann);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('params.id');
  });

  it('deletes a highlight with its notes and answers the remaining list', async () => {
    const h = (await create(ann, span(10))).body.id;
    const note = await request(t.app)
      .post('/api/app/notes')
      .set('Cookie', ann)
      .send({ target: 'highlight', target_id: h, text: 'gone with it' });
    expect(note.status).toBe(201);
    const res = await request(t.app).delete(`/api/app/highlights/${h}`).set('Cookie', ann);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { id: string }) => item.id)).not.toContain(h);
    const notes = await request(t.app)
      .get('/api/app/notes')
      .set('Cookie', ann)
      .query({ target: 'highlight', target_id: h });
    expect(notes.body).toEqual({ items: [] });
    expect(
      (await request(t.app).delete(`/api/app/highlights/${h}`).set('Cookie', ann)).status,
    ).toBe(404);
  });
});

describe('notes', () => {
  it('attaches notes to a highlight, an insight and an episode, and lists them by target', async () => {
    const h = (await create(ann, span(11))).body.id;
    const targets = [
      { target: 'highlight', target_id: h },
      { target: 'insight', target_id: insightId },
      { target: 'episode', target_id: episode.slug },
    ];
    for (const target of targets) {
      const res = await request(t.app)
        .post('/api/app/notes')
        .set('Cookie', ann)
        .send({ ...target, text: 'A thought.' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        ...target,
        text: 'A thought.',
        id: expect.stringMatching(/^n_/),
      });
    }
    const onInsight = await request(t.app)
      .get('/api/app/notes')
      .set('Cookie', ann)
      .query({ target: 'insight', target_id: insightId });
    expect(onInsight.body.items).toHaveLength(1);
    const bobs = await request(t.app).get('/api/app/notes').set('Cookie', bob);
    expect(bobs.body).toEqual({ items: [] });
  });

  it('changes and deletes a note; another user gets 404 for it', async () => {
    const note = await request(t.app)
      .post('/api/app/notes')
      .set('Cookie', ann)
      .send({ target: 'episode', target_id: episode.slug, text: 'first' });
    const id = note.body.id;
    const changed = await request(t.app)
      .patch(`/api/app/notes/${id}`)
      .set('Cookie', ann)
      .send({ text: 'second' });
    expect(changed.body.text).toBe('second');
    expect(
      (await request(t.app).patch(`/api/app/notes/${id}`).set('Cookie', bob).send({ text: 'x' }))
        .status,
    ).toBe(404);
    expect((await request(t.app).delete(`/api/app/notes/${id}`).set('Cookie', bob)).status).toBe(
      404,
    );
    expect((await request(t.app).delete(`/api/app/notes/${id}`).set('Cookie', ann)).status).toBe(
      204,
    );
    expect((await request(t.app).delete(`/api/app/notes/${id}`).set('Cookie', ann)).status).toBe(
      404,
    );
  });

  it.each([
    [{ target: 'episode', target_id: 'no-such-episode', text: 'x' }, 404, 'no-such-episode'],
    [{ target: 'insight', target_id: 'insight:nope', text: 'x' }, 404, 'insight:nope'],
    [{ target: 'highlight', target_id: 'h_000000000000000000000000', text: 'x' }, 404, 'h_0000'],
    [{ target: 'playlist', target_id: 'x', text: 'x' }, 400, 'body.target'],
    [{ target: 'episode', target_id: 'x', text: 'n'.repeat(10_001) }, 400, 'body.text'],
    [{ target: 'episode', target_id: 'x', text: '' }, 400, 'body.text'],
    [{ target: 'episode', target_id: '', text: 'x' }, 400, 'body.target_id'],
  ])('refuses %j with %i naming %s', async (body, status, words) => {
    const res = await request(t.app).post('/api/app/notes').set('Cookie', ann).send(body);
    expect(res.status).toBe(status);
    expect(res.body.detail).toContain(words);
  });

  it('refuses a target_id filter without its target', async () => {
    const res = await request(t.app)
      .get('/api/app/notes')
      .set('Cookie', ann)
      .query({ target_id: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('target');
  });
});

describe('re-anchoring after the transcript changes', () => {
  it('reads ok, moved and lost after offsets shift, a sentence goes, and a word changes', async () => {
    const before = await create(bob, span(2));
    const after = await create(bob, span(12));
    const removed = await create(bob, span(6));
    const edited = await create(bob, span(14));
    expect([before, after, removed, edited].map((r) => r.body.anchor_status)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);

    // The pipeline runs again: segment 6 is gone, one word of segment 14 differs.
    const raw = JSON.parse(await readFile(segmentsFile, 'utf8')) as { text: string }[];
    const original14 = raw[14]?.text ?? '';
    const words = original14.split(' ');
    words[words.length - 2] = 'really';
    (raw[14] as { text: string }).text = words.join(' ');
    raw.splice(6, 1);
    await writeFile(segmentsFile, JSON.stringify(raw));
    await t.refresh();

    const list = await request(t.app).get('/api/app/highlights').set('Cookie', bob);
    const byId = new Map(list.body.items.map((h: { id: string }) => [h.id, h]));
    const statusOf = (r: { body: { id: string } }) =>
      (byId.get(r.body.id) as { anchor_status: string }).anchor_status;
    expect(statusOf(before)).toBe('ok');
    expect(statusOf(after)).toBe('moved');
    expect(statusOf(removed)).toBe('lost');
    expect(statusOf(edited)).toBe('moved');

    const text = raw.map((s) => s.text).join('\n');
    const moved = byId.get(after.body.id) as {
      char_start: number;
      char_end: number;
      quote_text: string;
    };
    expect(text.slice(moved.char_start, moved.char_end)).toBe(moved.quote_text);
    const lost = byId.get(removed.body.id) as { quote_text: string };
    expect(lost.quote_text).toBe(segments[6]?.text);
    const fuzzy = byId.get(edited.body.id) as { char_start: number; char_end: number };
    expect(text.slice(fuzzy.char_start, fuzzy.char_end)).toBe(raw[13]?.text);

    // Anchored once: a second listing changes nothing.
    const again = await request(t.app).get('/api/app/highlights').set('Cookie', bob);
    expect(again.body.items).toEqual(list.body.items);
  });
});
