import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import type { Episode } from 'podcast-partytime';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import { parsedFeed, showFeedPath } from './support/overlay-feeds.js';

/*
 * What the show's own metadata says, re-served as written: titles no one
 * sanitised, and the show's own transcript and chapters links, which come
 * before ours (never overwrite the creator).
 */

const FEED_DIR = 'feeds/rss_slowwave_fm_41ee8006';
const SHOW = 'Slow & <Steady> ]]> Wave 🌙';
const TITLE = 'Q&A: <script>alert(1)</script> ]]> and sleep 😴';
const DESCRIPTION = 'Tom & Jerry say "hi" <b>loudly</b> ]]> then \u0007 ring';
const OWN_LINKS = {
  transcript_urls: [
    { url: 'https://slowwave.fm/t/1.vtt', type: 'text/vtt', language: 'en' },
    { url: 'https://slowwave.fm/t/1.srt?v=2&x=1' },
  ],
  chapters_url: 'https://slowwave.fm/c/1.json',
};

let copy: SampleCorpusCopy;
let t: TestApp;
let snapshot: CorpusSnapshot;
let edited: EpisodeRecord;

function metadataFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.metadata.json'))
    .map((name) => path.join(dir, name));
}

beforeAll(async () => {
  copy = copySampleCorpus('feeds-show-metadata');
  const files = metadataFiles(path.join(copy.corpusDir, FEED_DIR));
  for (const file of files) {
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.feed.title = SHOW;
    if (path.basename(file).startsWith('0001 - ')) {
      doc.episode.title = TITLE;
      doc.episode.description = DESCRIPTION;
      Object.assign(doc.content, OWN_LINKS);
    }
    writeFileSync(file, JSON.stringify(doc));
  }
  t = await buildTestApp({ env: { CORPUS_DIR: copy.corpusDir } });
  snapshot = await t.ctx.corpus.get(copy.corpusDir);
  edited = snapshot.episodes.find((episode) => episode.title === TITLE) as EpisodeRecord;
});
afterAll(async () => {
  await t.close();
  copy.remove();
});

async function feedText(): Promise<string> {
  const res = await request(t.app).get(showFeedPath(edited.feed_id)).set('host', 'feeds.test');
  expect(res.status).toBe(200);
  return res.text;
}

const editedItem = (items: Episode[]) => items.find((item) => item.guid === edited.guid) as Episode;

describe('metadata a show wrote itself', () => {
  it('keeps &, <, ]]> and emoji in titles, escaped so the parser reads them back as written', async () => {
    const text = await feedText();
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('<![CDATA[');
    const feed = parsedFeed(text);
    expect(feed.title).toBe(SHOW);
    const item = editedItem(feed.items);
    expect(item.title).toBe(TITLE);
    // The bell (U+0007) cannot appear in XML 1.0: it becomes U+FFFD.
    expect(item.description).toBe(DESCRIPTION.replace('\u0007', '\uFFFD'));
  });

  it('passes the show transcript links through first, ours after them', async () => {
    const item = editedItem(parsedFeed(await feedText()).items);
    expect(item.podcastTranscripts?.map((transcript) => [transcript.url, transcript.type])).toEqual(
      [
        ['https://slowwave.fm/t/1.vtt', 'text/vtt'],
        ['https://slowwave.fm/t/1.srt?v=2&x=1', 'application/srt'],
        [`http://feeds.test/api/app/episodes/${edited.slug}/transcript.vtt`, 'text/vtt'],
        [`http://feeds.test/api/app/episodes/${edited.slug}/transcript.srt`, 'application/srt'],
        [`http://feeds.test/api/app/episodes/${edited.slug}/transcript.json`, 'application/json'],
      ],
    );
    expect(item.podcastTranscripts?.[0]?.language).toBe('en');
  });

  it('passes the show chapters through first, so apps that read one take the show’s', async () => {
    const text = await feedText();
    expect(editedItem(parsedFeed(text).items).podcastChapters?.url).toBe(OWN_LINKS.chapters_url);
    const itemXml = text.slice(text.indexOf(`<guid isPermaLink="false">${edited.guid}</guid>`));
    const tags = itemXml
      .slice(0, itemXml.indexOf('</item>'))
      .match(/<podcast:chapters url="[^"]+"/g);
    expect(tags).toEqual([
      `<podcast:chapters url="${OWN_LINKS.chapters_url}"`,
      `<podcast:chapters url="http://feeds.test/api/app/episodes/${edited.slug}/chapters.json"`,
    ]);
  });
});
