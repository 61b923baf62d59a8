import { describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '@podcast/corpus';
import { episodeOverlay } from '@podcast/podcast-feeds';
import type { Episode } from 'podcast-partytime';
import request from 'supertest';
import { useSampleApp } from './support/build-test-app.js';
import { parsedFeed, showFeedPath } from './support/overlay-feeds.js';

const sample = useSampleApp();

// One Host for every request: the links, and so the validators, follow the origin asked.
const get = (path: string) => request(sample.testApp.app).get(path).set('host', 'feeds.test');

/** The sample's shows with the episodes their overlay feed lists: those with an origin audio URL. */
function shows() {
  return sample.snapshot.feeds.map((feed) => ({
    feed,
    playable: sample.snapshot.episodes.filter(
      (episode) => episode.feed_id === feed.feed_id && episode.media_url !== null,
    ),
  }));
}

function itemOf(items: Episode[], episode: EpisodeRecord): Episode {
  const item = items.find((candidate) => candidate.guid === (episode.guid ?? episode.episode_id));
  if (item === undefined) {
    throw new Error(`no item for ${episode.slug}`);
  }
  return item;
}

describe('a show overlay feed', () => {
  it('is RSS 2.0 that the Podcast Index parser reads, one item per playable episode, newest first', async () => {
    for (const { feed, playable } of shows()) {
      const res = await get(showFeedPath(feed.feed_id));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.text).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
      const parsed = parsedFeed(res.text);
      expect(parsed.title).toBe(feed.title);
      expect(parsed.items.map((item) => item.guid)).toEqual(
        playable.map((episode) => episode.guid ?? episode.episode_id),
      );
    }
  });

  it('re-serves each episode from its metadata, its enclosure at the origin audio', async () => {
    const [{ feed, playable }] = shows() as [ReturnType<typeof shows>[number]];
    const items = parsedFeed((await get(showFeedPath(feed.feed_id))).text).items;
    for (const episode of playable) {
      const item = itemOf(items, episode);
      expect(item.title).toBe(episode.title);
      expect(item.enclosure).toMatchObject({ url: episode.media_url, type: episode.media_type });
      expect(item.duration).toBe(episode.duration_seconds);
      expect(item.pubDate?.toISOString()).toBe(episode.published_at);
      expect(item.description).toBe(episode.description);
    }
  });

  it('lists our transcripts in three formats, chapters, soundbites and people with their attributes', async () => {
    let checked = { transcripts: 0, chapters: 0, soundbites: 0, people: 0 };
    for (const { feed, playable } of shows()) {
      const items = parsedFeed((await get(showFeedPath(feed.feed_id))).text).items;
      for (const episode of playable) {
        const item = itemOf(items, episode);
        const overlay = episodeOverlay(sample.snapshot, episode);
        const base = `/api/app/episodes/${episode.slug}`;
        const transcripts = (item.podcastTranscripts ?? []).map((t) => [
          new URL(t.url).pathname,
          t.type,
        ]);
        expect(transcripts).toEqual(
          episode.has_transcript
            ? [
                [`${base}/transcript.vtt`, 'text/vtt'],
                [`${base}/transcript.srt`, 'application/srt'],
                [`${base}/transcript.json`, 'application/json'],
              ]
            : [],
        );
        const chapters = item.podcastChapters;
        expect(chapters && [new URL(chapters.url).pathname, chapters.type]).toEqual(
          overlay.hasChapters ? [`${base}/chapters.json`, 'application/json+chapters'] : undefined,
        );
        expect(item.podcastSoundbites ?? []).toEqual(overlay.soundbites);
        for (const bite of item.podcastSoundbites ?? []) {
          expect(bite.duration).toBeGreaterThanOrEqual(15);
          expect(bite.duration).toBeLessThanOrEqual(120);
        }
        expect(item.podcastSoundbites?.length ?? 0).toBeLessThanOrEqual(3);
        expect((item.podcastPeople ?? []).map((p) => [p.name, p.role, p.group])).toEqual(
          overlay.persons.map((p) => [p.name, p.role === 'host' ? 'Host' : 'Guest', 'Cast']),
        );
        checked = {
          transcripts: checked.transcripts + transcripts.length,
          chapters: checked.chapters + (chapters ? 1 : 0),
          soundbites: checked.soundbites + (item.podcastSoundbites?.length ?? 0),
          people: checked.people + (item.podcastPeople?.length ?? 0),
        };
      }
    }
    // The sample has all four on most episodes: the loops above did check something.
    expect(checked.transcripts).toBeGreaterThan(40);
    expect(checked.chapters).toBeGreaterThan(10);
    expect(checked.soundbites).toBeGreaterThan(30);
    expect(checked.people).toBeGreaterThan(20);
  });

  it('names hosts and guests only: people the corpus only mentions are left out', async () => {
    const episode = sample.snapshot.episodes.find((candidate) =>
      sample.snapshot.kgOf(candidate)?.persons.some((person) => person.role === 'mentioned'),
    ) as EpisodeRecord;
    const mentioned = sample.snapshot
      .kgOf(episode)
      ?.persons.filter((person) => person.role === 'mentioned')
      .map((person) => person.name);
    const text = (await get(showFeedPath(episode.feed_id))).text;
    const people = itemOf(parsedFeed(text).items, episode).podcastPeople ?? [];
    expect(people.length).toBeGreaterThan(0);
    expect(people.map((person) => person.name)).not.toEqual(
      expect.arrayContaining(mentioned ?? []),
    );
  });

  it('leaves out an episode without an origin audio URL', async () => {
    const silent = sample.snapshot.episodes.find((episode) => episode.media_url === null);
    const text = (await get(showFeedPath(silent?.feed_id as string))).text;
    expect(parsedFeed(text).items.map((item) => item.title)).not.toContain(silent?.title);
  });

  it('answers 404 for a show the corpus lacks, naming it', async () => {
    const res = await get(showFeedPath('sha256:not-a-show'));
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toContain('sha256:not-a-show');
  });

  it('answers polling with 304 while the corpus is unchanged', async () => {
    const path = showFeedPath(sample.snapshot.feeds[0]?.feed_id as string);
    const first = await get(path);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    // When this process first saw the corpus as it is: the index's version, or the snapshot's load.
    const modified = Date.parse(first.headers['last-modified'] as string);
    expect(modified).toBeGreaterThan(Date.now() - 3_600_000);
    expect(modified).toBeLessThanOrEqual(Date.now());
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const byTag = await get(path).set('if-none-match', first.headers.etag as string);
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe('');
    const byDate = await get(path).set(
      'if-modified-since',
      first.headers['last-modified'] as string,
    );
    expect(byDate.status).toBe(304);
    const other = await get(showFeedPath(sample.snapshot.feeds[1]?.feed_id as string)).set(
      'if-none-match',
      first.headers.etag as string,
    );
    expect(other.status).toBe(200);
  });

  it('streams in the coding the app accepts, and answers HEAD with headers only', async () => {
    const path = showFeedPath(sample.snapshot.feeds[0]?.feed_id as string);
    const gzipped = await get(path).set('accept-encoding', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['transfer-encoding']).toBe('chunked');
    expect(parsedFeed(gzipped.text).items.length).toBeGreaterThan(0);
    const head = await request(sample.testApp.app).head(path);
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
  });
});
