import { describe, expect, it } from '@jest/globals';
import { EpisodeCatalogItem, EpisodeDetail } from '@podcast/contracts';
import { buildEpisodeRecord } from '../records/episode-record.js';
import { buildFeedRecords } from '../records/feeds.js';
import { catalogItemOf, episodeDetailOf } from './catalog-item.js';

const EPISODE_ART = '.podcast_scraper/corpus-art/sha256/aa/bb/episode.png';
const SHOW_ART = '.podcast_scraper/corpus-art/sha256/cc/dd/show.png';
const OLD_SHOW_ART = '.podcast_scraper/corpus-art/sha256/ee/ff/old-show.png';
const existing = new Set([EPISODE_ART, SHOW_ART, OLD_SHOW_ART]);

interface Options {
  feedId?: string;
  episodeArt?: string;
  showArt?: string;
  bullets?: string[];
  summary?: boolean;
  relpath?: string;
}

function record(options: Options = {}) {
  const bullets = options.bullets ?? ['First point.', 'Second point.'];
  return buildEpisodeRecord({
    metadata: {
      feed: {
        feed_id: options.feedId ?? 'sha256:show',
        title: 'Show',
        image_local_relpath: options.showArt,
      },
      episode: {
        title: 'Episode',
        episode_id: options.relpath ?? 'ep-1',
        published_date: '2026-03-04',
        image_local_relpath: options.episodeArt,
      },
      content: { transcript_file_path: 'transcripts/ep.txt' },
      ...(options.summary === false
        ? {}
        : { summary: { title: 'A lede', bullets, raw_text: 'Body text. More.' } }),
    },
    metadataRelpath: options.relpath ?? 'metadata/ep-1.metadata.json',
    root: '/corpus',
    siblings: { gi: true, kg: false, bridge: false },
    artExists: (relpath) => existing.has(relpath),
  });
}

const thumb = (relpath: string) => `/api/app/artwork?ref=${encodeURIComponent(relpath)}&size=thumb`;

describe('catalogItemOf', () => {
  it('prefers the episode image for artwork_url and keeps the show image in feed_artwork_url', () => {
    const episode = record({ episodeArt: EPISODE_ART, showArt: SHOW_ART });
    const item = catalogItemOf(episode, buildFeedRecords([episode])[0]);
    expect(item.artwork_url).toBe(thumb(EPISODE_ART));
    expect(item.feed_artwork_url).toBe(thumb(SHOW_ART));
    expect(EpisodeCatalogItem.parse(item)).toEqual(item);
  });

  it('falls back to the show image and gives null when neither image is stored', () => {
    const withShowArt = record({ showArt: SHOW_ART });
    const bare = record({ episodeArt: '.podcast_scraper/corpus-art/missing.png' });
    expect(catalogItemOf(withShowArt, undefined).artwork_url).toBe(thumb(SHOW_ART));
    expect(catalogItemOf(bare, undefined)).toMatchObject({
      artwork_url: null,
      feed_artwork_url: null,
    });
  });

  it("uses the show's newest art on every card of the show", () => {
    const newer = record({ showArt: SHOW_ART, relpath: 'metadata/new.metadata.json' });
    const older = record({ showArt: OLD_SHOW_ART, relpath: 'metadata/old.metadata.json' });
    const feed = buildFeedRecords([newer, older])[0];
    expect(catalogItemOf(older, feed).feed_artwork_url).toBe(thumb(SHOW_ART));
  });

  it('keeps the own show art of an episode without a feed id', () => {
    const loose = record({ feedId: '', showArt: OLD_SHOW_ART });
    const other = record({ feedId: '', showArt: SHOW_ART, relpath: 'metadata/x.metadata.json' });
    const feed = buildFeedRecords([other, loose])[0];
    expect(catalogItemOf(loose, feed).feed_artwork_url).toBe(thumb(OLD_SHOW_ART));
  });

  it('shows at most eight bullets, four topic pills and the card lede', () => {
    const bullets = Array.from({ length: 10 }, (_, i) => `Point number ${i}.`);
    const item = catalogItemOf(record({ bullets }), undefined);
    expect(item.summary_bullets).toEqual(bullets.slice(0, 8));
    expect(item.topics).toEqual(bullets.slice(0, 4));
    expect(item.summary_preview).toBe('A lede');
    expect(item.status).toBe('ready');
  });
});

describe('episodeDetailOf', () => {
  it('keeps every bullet and the summary body, with large artwork', () => {
    const bullets = Array.from({ length: 10 }, (_, i) => `Point number ${i}.`);
    const detail = episodeDetailOf(record({ bullets, episodeArt: EPISODE_ART }), undefined);
    expect(detail.summary_bullets).toHaveLength(10);
    expect(detail.summary).toEqual({ title: 'A lede', bullets, text: 'Body text. More.' });
    expect(detail.artwork_url).toMatch(/&size=large$/);
    expect(EpisodeDetail.parse(detail)).toEqual(detail);
  });

  it('gives a null summary when the metadata has none', () => {
    expect(episodeDetailOf(record({ summary: false }), undefined).summary).toBeNull();
  });
});
