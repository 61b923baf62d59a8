import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const NOW = new Date('2026-11-26T12:00:00.000Z');

let t: TestApp;
let backup: Record<string, unknown>;

beforeAll(async () => {
  // Development: the local user, so a fixed clock needs no session to match it.
  t = await buildTestApp({ now: () => NOW });
  backup = JSON.parse(await readFile(path.join(FIXTURES, 'capture-backup.json'), 'utf8'));
});

afterAll(async () => {
  await t.close();
});

describe('capture exports of the sample corpus', () => {
  it('imports the committed backup, then a second time adds nothing', async () => {
    const first = await request(t.app).post('/api/app/highlights/import').send(backup);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      highlights: { added: 5, already_present: 0 },
      notes: { added: 3, already_present: 0 },
    });
    const again = await request(t.app).post('/api/app/highlights/import').send(backup);
    expect(again.body).toEqual({
      highlights: { added: 0, already_present: 5 },
      notes: { added: 0, already_present: 3 },
    });
  });

  it('anchors the imported spans: found ones ok, the quote the transcript lacks lost', async () => {
    const res = await request(t.app).get('/api/app/highlights');
    const status = Object.fromEntries(
      res.body.items.map((h: { id: string; anchor_status: string }) => [h.id, h.anchor_status]),
    );
    expect(status).toEqual({
      h_000000000000000000000001: 'ok',
      h_000000000000000000000002: 'ok',
      h_000000000000000000000003: 'ok',
      h_000000000000000000000004: 'ok',
      h_000000000000000000000005: 'lost',
    });
  });

  it('writes the Markdown the committed file holds', async () => {
    const res = await request(t.app).get('/api/app/highlights/export.md');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="highlights-2026-11-26.md"',
    );
    const expectedFile = path.join(FIXTURES, 'capture-export.md');
    if (process.env.UPDATE_FIXTURES === '1') {
      await writeFile(expectedFile, res.text);
    }
    expect(res.text).toBe(await readFile(expectedFile, 'utf8'));
  });

  it('puts a deep link on every line that holds a highlight, quote or note', async () => {
    const res = await request(t.app).get('/api/app/highlights/export.md');
    const body = res.text.slice(res.text.indexOf('---', 3) + 3);
    const content = body
      .split('\n')
      .filter((line) => /^\s*- /.test(line) || line.startsWith('## '));
    expect(content.length).toBeGreaterThan(8);
    for (const line of content) {
      expect(line).toMatch(/\]\(\/episodes\/[^)?]+\?t=\d+\)/);
    }
  });

  it('backs up everything as JSON, which restores into another account unchanged', async () => {
    const res = await request(t.app).get('/api/app/highlights/export.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="capture-2026-11-26.json"',
    );
    expect(res.body).toMatchObject({ format: 'podcast-capture', version: 1 });
    expect(res.body.highlights).toHaveLength(5);
    expect(res.body.notes).toHaveLength(3);
    const other = await buildTestApp({ now: () => NOW });
    try {
      const restored = await request(other.app).post('/api/app/highlights/import').send(res.body);
      expect(restored.body.highlights.added).toBe(5);
      const back = await request(other.app).get('/api/app/highlights/export.json');
      expect(back.body.highlights).toEqual(res.body.highlights);
      expect(back.body.notes).toEqual(res.body.notes);
    } finally {
      await other.close();
    }
  });
});
