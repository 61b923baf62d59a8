import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '@podcast/corpus';
import request from 'supertest';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const SECRET = 'a-capture-test-session-secret-32-chars!';
const SCRIPT = '<script>alert(1)</script>';
const LINK = '[click](javascript:alert(1))';

describe('the Markdown export given hostile user text', () => {
  let t: TestApp;
  let cookie = '';
  let episode: EpisodeRecord;

  beforeAll(async () => {
    t = await buildProductionTestApp(SECRET);
    cookie = (await sessionCookieFor(t.ctx, 'mallory')).cookie;
    const snapshot = await t.ctx.corpus.get(t.ctx.config.corpusDir);
    episode = snapshot.episodes.find((e) => e.transcript_relpath) as EpisodeRecord;
    const highlight = await request(t.app)
      .post('/api/app/highlights')
      .set('cookie', cookie)
      .send({
        episode_slug: episode.slug,
        kind: 'span',
        start_ms: 1000,
        end_ms: 2000,
        quote_text: `${SCRIPT} ${LINK}\n# Quote heading`,
        speaker: 'Ann\n# H',
      });
    expect(highlight.status).toBe(201);
    for (const [target, targetId] of [
      ['highlight', highlight.body.id],
      ['episode', episode.slug],
    ]) {
      const note = await request(t.app)
        .post('/api/app/notes')
        .set('cookie', cookie)
        .send({
          target,
          target_id: targetId,
          text: `fine\n# Note heading\n${LINK}\n<img src=x onerror=alert(1)>\n---\n    code?`,
        });
      expect(note.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('escapes every user field, keeps it off column 0, and lets no HTML or link through', async () => {
    const res = await request(t.app).get('/api/app/highlights/export.md').set('cookie', cookie);
    expect(res.status).toBe(200);
    const lines = res.text.split('\n');
    const body = lines.slice(lines.indexOf('---', 1) + 1);
    // Only the export's own headings start a line with '#': one show, one episode.
    expect(body.filter((line) => line.startsWith('#'))).toEqual([
      `# ${episode.podcast_title}`,
      expect.stringMatching(/^## \[/),
    ]);
    // Every other line is the export's own list item, or a quote inside one.
    for (const line of body.filter((l) => l !== '' && !l.startsWith('#'))) {
      expect(line).toMatch(/^(\s*- \[\d\d:\d\d\]\(|\s*- Note \(\[open\]\(|\s*- \(The|\s+>( |$))/);
    }
    expect(res.text).not.toMatch(/(^|[^\\])<(script|img|\/script)/);
    expect(res.text).not.toMatch(/(^|[^\\])\]\(javascript:/);
    expect(res.text).toContain('**Ann \\# H:**');
    expect(res.text).toContain('  - Note ([open](');
    expect(res.text).toContain('    > \\# Note heading');
    expect(res.text).toContain('    > \\---');
    expect(res.text).toContain('    > code?');
  });
});
