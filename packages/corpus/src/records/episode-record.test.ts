import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { pickEpisodeMetadata } from '../readers/metadata.js';
import { siblingRelpath } from '../snapshot/corpus-state.js';
import { buildEpisodeRecord, type EpisodeRecordInput } from './episode-record.js';
import { episodeSlug } from './slug.js';

const ART = '.podcast_scraper/corpus-art/sha256/aa/bb/ep.jpg';
const FEED_ART = '.podcast_scraper/corpus-art/feed.png';

const input = (metadata: Record<string, unknown>, overrides: Partial<EpisodeRecordInput> = {}) => ({
  metadata,
  metadataRelpath: 'feeds/show/run_20260101-000000/metadata/0001 - ep.metadata.json',
  root: '/corpus',
  siblings: { gi: true, kg: false, bridge: true },
  artExists: (relpath: string) => relpath === ART || relpath === FEED_ART,
  ...overrides,
});

const full = {
  title: 'top-level title',
  feed: {
    feed_id: ' sha256:feed ',
    title: 'The Show',
    description: 'About things',
    url: 'https://show.test/rss',
    image_url: 'https://show.test/a.jpg',
    image_local_relpath: FEED_ART,
  },
  episode: {
    title: 'Episode One',
    episode_id: 'guid-1',
    published_date: '2026-03-04T10:00:00Z',
    duration_seconds: 488,
    image_url: 'https://show.test/e.jpg',
    image_local_relpath: ART,
  },
  content: {
    transcript_file_path: 'transcripts/0001 - ep.txt',
    media_url: 'https://cdn.test/e.mp3',
    media_type: 'audio/mpeg',
    media_id: 'm-1',
  },
  summary: {
    title: 'Lede',
    bullets: ['b0', 'b1'],
    raw_text: 'Body. More.',
    short_summary: 'b0 b1',
  },
};

describe('buildEpisodeRecord', () => {
  it('derives every field of a complete pipeline metadata file', () => {
    const record = buildEpisodeRecord(input(full));
    expect(record).toMatchObject({
      feed_id: 'sha256:feed',
      episode_id: 'guid-1',
      slug: episodeSlug('sha256:feed', 'guid-1', input(full).metadataRelpath),
      title: 'Episode One',
      publish_date: '2026-03-04',
      duration_seconds: 488,
      podcast_title: 'The Show',
      artwork_relpath: ART,
      feed_image_local_relpath: FEED_ART,
      status: 'ready',
      has_transcript: true,
      transcript_path: '/corpus/feeds/show/run_20260101-000000/transcripts/0001 - ep.txt',
      transcript_relpath: 'feeds/show/run_20260101-000000/transcripts/0001 - ep.txt',
      summary: { title: 'Lede', bullets: ['b0', 'b1'], body: 'Body. More.' },
      has_summary: true,
      summary_preview: 'Lede',
      topics: ['b0', 'b1'],
      has_gi: true,
      has_kg: false,
      gi_relpath: 'feeds/show/run_20260101-000000/metadata/0001 - ep.gi.json',
      kg_relpath: null,
      run_relpath: 'feeds/show/run_20260101-000000',
      stem: '0001 - ep',
      media_type: 'audio/mpeg',
    });
  });

  it.each([
    ['title falls back to the top-level title', { title: 'Top' }, 'title', 'Top'],
    ['title falls back to (untitled)', {}, 'title', '(untitled)'],
    [
      'publish_date ignores the connectivity publish_date key',
      { episode: { publish_date: '2026-01-01' } },
      'publish_date',
      null,
    ],
    ['feed_id defaults to empty', {}, 'feed_id', ''],
    ['episode_id is null when absent', {}, 'episode_id', null],
    [
      'legacy transcript_file counts as a transcript',
      { content: { transcript_file: 'a.txt' } },
      'has_transcript',
      true,
    ],
    [
      'an empty transcript path is no transcript',
      { content: { transcript_file_path: '  ' } },
      'status',
      'pending',
    ],
    [
      'body falls back to short_summary',
      { summary: { short_summary: 'Short.' } },
      'summary',
      { title: null, bullets: [], body: 'Short.' },
    ],
    ['a numeric bullet counts as text', { summary: { bullets: ['', 7] } }, 'has_summary', true],
    ['blank bullets are dropped', { summary: { bullets: ['', '  '] } }, 'has_summary', false],
    [
      'boolean durations are rejected',
      { episode: { duration_seconds: true } },
      'duration_seconds',
      null,
    ],
    [
      'art outside the store is ignored',
      { episode: { image_local_relpath: 'x/ep.jpg' } },
      'artwork_relpath',
      null,
    ],
    [
      'feed art stands in for missing episode art',
      { feed: { image_local_relpath: FEED_ART } },
      'artwork_relpath',
      FEED_ART,
    ],
    ['guid is the trimmed episode.guid', { episode: { guid: ' g-1 ' } }, 'guid', 'g-1'],
    [
      'link keeps an http(s) URL',
      { episode: { link: 'https://s.test/e' } },
      'link',
      'https://s.test/e',
    ],
    ['link drops anything else', { episode: { link: 'javascript:alert(1)' } }, 'link', null],
    [
      'published_at keeps the time of day',
      { episode: { published_date: '2025-08-07T09:15:00+02:00' } },
      'published_at',
      '2025-08-07T07:15:00.000Z',
    ],
    [
      'origin transcripts pass the show links through',
      {
        content: {
          transcript_urls: [
            { url: 'https://s.test/1.vtt', type: 'text/vtt', language: 'en' },
            { url: 'ftp://s.test/1.srt' },
          ],
        },
      },
      'origin_transcripts',
      [{ url: 'https://s.test/1.vtt', type: 'text/vtt', language: 'en' }],
    ],
    [
      'origin chapters take content.chapters_url',
      { content: { chapters_url: 'https://s.test/1.chapters.json' } },
      'origin_chapters_url',
      'https://s.test/1.chapters.json',
    ],
  ])('%s', (_rule, metadata, field, expected) => {
    expect(buildEpisodeRecord(input(metadata))[field as 'title']).toEqual(expected);
  });

  it('keeps at most eight of the show transcript links a metadata file names', () => {
    const links = Array.from({ length: 12 }, (_, i) => ({ url: `https://s.test/${i}.vtt` }));
    const picked = pickEpisodeMetadata({ content: { transcript_urls: links } });
    const record = buildEpisodeRecord({ ...input({}), metadata: picked, isPicked: true });
    expect(record.origin_transcripts.map((link) => link.url)).toEqual(
      links.slice(0, 8).map((link) => link.url),
    );
  });

  it('resolves a flat-layout transcript relative to the corpus root', () => {
    const record = buildEpisodeRecord(
      input(
        { content: { transcript_file_path: 'transcripts/a.txt' } },
        { metadataRelpath: 'metadata/a.metadata.yaml' },
      ),
    );
    expect(record.transcript_relpath).toBe('transcripts/a.txt');
    expect(record.run_relpath).toBe('');
    expect(record.stem).toBe('a');
  });

  it('keeps the absolute path but no relpath for a transcript outside the root', () => {
    const record = buildEpisodeRecord(
      input({ content: { transcript_file_path: '../../../../etc/passwd' } }),
    );
    expect(record.has_transcript).toBe(true);
    expect(record.transcript_path).toBe('/etc/passwd');
    expect(record.transcript_relpath).toBeNull();
  });

  it.each([
    ['a folder beside the root whose name starts like it', '../../../../corpus-other/a.txt'],
    ['the root itself', '../../..'],
    ['the parent of the root', '../../../..'],
  ])('gives no relpath for a transcript naming %s', (_case, named) => {
    const record = buildEpisodeRecord(input({ content: { transcript_file_path: named } }));
    expect(record.has_transcript).toBe(true);
    expect(record.transcript_relpath).toBeNull();
  });

  it('names the transcript as path.resolve would, whatever the root and the name', () => {
    const roots = ['/corpus', '/corpus/', '/co//rpus', '/corpus/./x', '/', '/a/../corpus'];
    // Plain, dotted, doubled, parent, hidden, trailing, absolute, backslashed, padded.
    const names =
      String.raw`transcripts/a.txt|./a.txt|a/./b.txt|a//b.txt|../x.txt|a/..|...|.hidden/a.txt|trailing/|/abs/x.txt|a\b.txt| spaced name.txt`.split(
        '|',
      );
    const runs = ['feeds/show/run_20260101-000000', ''];
    for (const root of roots) {
      for (const named of names) {
        for (const metadataRelpath of runs.map((run) =>
          run === '' ? 'x.metadata.json' : `${run}/metadata/x.metadata.json`,
        )) {
          const record = buildEpisodeRecord(
            input({ content: { transcript_file_path: named } }, { root, metadataRelpath }),
          );
          const run = record.run_relpath;
          expect([root, run, named, record.transcript_path]).toEqual([
            root,
            run,
            named,
            path.resolve(root, run, named.trim()),
          ]);
        }
      }
    }
  });

  it('gives the same relpath for a root named with a trailing slash', () => {
    const plain = buildEpisodeRecord(input(full));
    const slashed = buildEpisodeRecord({ ...input(full), root: '/corpus/' });
    expect(slashed.transcript_relpath).toBe(plain.transcript_relpath);
    expect(slashed.transcript_path).toBe(plain.transcript_path);
  });

  it('takes the sibling relpaths the loader already holds, matching the ones it would derive', () => {
    const derived = buildEpisodeRecord(input(full));
    const held = {
      gi: siblingRelpath(input(full).metadataRelpath, 'gi'),
      kg: siblingRelpath(input(full).metadataRelpath, 'kg'),
      bridge: siblingRelpath(input(full).metadataRelpath, 'bridge'),
    };
    expect(buildEpisodeRecord(input(full, { siblingRelpaths: held }))).toEqual(derived);
    const given = buildEpisodeRecord(
      input(full, { siblingRelpaths: { gi: 'g.json', kg: 'k.json', bridge: 'b.json' } }),
    );
    expect([given.gi_relpath, given.kg_relpath, given.bridge_relpath]).toEqual([
      'g.json',
      null, // no KG sibling on disk
      'b.json',
    ]);
  });

  it('hashes the metadata relpath into the slug when there is no episode id', () => {
    const record = buildEpisodeRecord(input({ feed: { feed_id: 'p01' } }));
    expect(record.slug).toBe(episodeSlug('p01', null, input({}).metadataRelpath));
  });
});
