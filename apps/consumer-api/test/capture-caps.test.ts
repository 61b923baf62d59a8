import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CAPTURE_LIMITS } from '@podcast/contracts';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

let t: TestApp;
let slug = '';

beforeAll(async () => {
  t = await buildTestApp();
  const snapshot = await t.ctx.corpus.get(t.ctx.config.corpusDir);
  slug = snapshot.episodes[0]?.slug ?? '';
});

afterAll(async () => {
  await t.close();
});

const hex = (n: number) => n.toString(16).padStart(24, '0');

function highlight(n: number) {
  return {
    id: `h_${hex(n)}`,
    // Imports do not look the episode up: rows of episodes the corpus lacks are kept.
    episode_slug: 'an-episode-of-another-corpus',
    kind: 'moment',
    start_ms: n,
    end_ms: n,
    quote_text: null,
    speaker: null,
    color: null,
    insight_id: null,
    char_start: null,
    char_end: null,
    anchor_status: 'lost',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

function backup(from: number, count: number, notes: unknown[] = []) {
  return {
    format: 'podcast-capture',
    version: 1,
    highlights: Array.from({ length: count }, (_, i) => highlight(from + i)),
    notes,
  };
}

const importing = (body: unknown) =>
  request(t.app)
    .post('/api/app/highlights/import')
    .send(body as object);

async function count(): Promise<number> {
  const res = await request(t.app).get('/api/app/highlights/export.json');
  return res.body.highlights.length;
}

describe('capture imports and caps', () => {
  it.each([
    ['body.format', { ...backup(0, 1), format: 'other' }],
    ['body.version', { ...backup(0, 1), version: 2 }],
    ['body.highlights.0.id', { ...backup(0, 1), highlights: [{ ...highlight(0), id: 'h_1' }] }],
    [
      'body.highlights.0.quote_text',
      { ...backup(0, 1), highlights: [{ ...highlight(0), quote_text: 'q'.repeat(2001) }] },
    ],
    ['body.highlights', backup(0, CAPTURE_LIMITS.highlightsPerUser + 1)],
  ])('refuses a malformed backup with a 400 naming %s', async (field, body) => {
    const res = await importing(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });

  it('refuses a note on a highlight the file and account lack, adding nothing', async () => {
    const note = {
      id: `n_${hex(1)}`,
      target: 'highlight',
      target_id: `h_${hex(999_999)}`,
      text: 'orphan',
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
    };
    const res = await importing(backup(0, 3, [note]));
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('notes.0.target_id');
    expect(await count()).toBe(0);
  });

  it('imports the same file twenty times at once and keeps one copy of each row', async () => {
    const file = backup(0, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => importing(file)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const added = answers.reduce((sum, a) => sum + a.body.highlights.added, 0);
    expect(added).toBe(50);
    expect(await count()).toBe(50);
  });

  it('fills to the cap by import, then refuses creates and imports past it', async () => {
    const cap = CAPTURE_LIMITS.highlightsPerUser;
    const fill = await importing(backup(1000, cap - 51));
    expect(fill.status).toBe(200);
    expect(await count()).toBe(cap - 1);

    const over = await importing(backup(100_000, 2));
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain('highlights');
    expect(await count()).toBe(cap - 1);

    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(t.app)
          .post('/api/app/highlights')
          .send({ episode_slug: slug, kind: 'moment', start_ms: i * 1000 }),
      ),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await count()).toBe(cap);
  }, 60_000);

  it('answers 413 to a body over the import limit', async () => {
    const res = await request(t.app)
      .post('/api/app/highlights/import')
      .set('Content-Type', 'application/json')
      .send(`{"format":"podcast-capture","pad":"${'x'.repeat(9 * 1024 * 1024)}"}`);
    expect(res.status).toBe(413);
  });
});
