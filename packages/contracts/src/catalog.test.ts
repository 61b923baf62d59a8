import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import {
  AudioSource,
  EpisodeCatalogItem,
  EpisodeDetail,
  EpisodeList,
  PodcastList,
  SegmentsContract,
} from './catalog.js';

function card(): Record<string, unknown> {
  return {
    slug: 'p01-a4bbb5dde3',
    title: 'Rain gardens and the street',
    feed_id: 'p01',
    podcast_title: 'Field Notes',
    publish_date: '2026-03-02',
    duration_seconds: 1800,
    episode_image_url: 'https://example.org/42.jpg',
    feed_image_url: null,
    artwork_url: '/api/app/artwork?ref=.podcast_scraper%2Fcorpus-art%2Fp01.svg&size=thumb',
    feed_artwork_url: '/api/app/artwork?ref=.podcast_scraper%2Fcorpus-art%2Fp01.svg&size=thumb',
    status: 'ready',
    summary_preview: 'Why rain gardens beat bigger pipes.',
    summary_bullets: ['Rain gardens cut flooding.', 'Soil type matters.'],
    topics: ['Rain gardens cut flooding.', 'Soil type matters.'],
    has_transcript: true,
    has_summary: true,
    has_gi: true,
    has_kg: true,
    has_bridge: false,
  };
}

describe('EpisodeCatalogItem', () => {
  it('accepts a full card and an undated card without artwork', () => {
    const undated = { ...card(), publish_date: null, artwork_url: null, duration_seconds: null };
    expect(EpisodeCatalogItem.parse(card())).toEqual(card());
    expect(EpisodeCatalogItem.safeParse(undated).success).toBe(true);
  });

  it.each([
    ['an unknown status', 'status', 'done'],
    ['an unpadded publish_date', 'publish_date', '2026-3-2'],
    ['a publish_date that is not a real day', 'publish_date', '2026-02-30'],
    ['a negative duration', 'duration_seconds', -1],
    ['five topic pills', 'topics', ['a', 'b', 'c', 'd', 'e']],
    ['nine bullets', 'summary_bullets', Array.from({ length: 9 }, (_, i) => `bullet ${i}`)],
    ['a 151-character preview', 'summary_preview', 'x'.repeat(151)],
    ['a has_gi flag that is a string', 'has_gi', 'yes'],
  ])('refuses a card with %s', (_case, field, value) => {
    expect(issuePaths(EpisodeCatalogItem.safeParse({ ...card(), [field]: value }))).toEqual([
      field,
    ]);
  });

  it('refuses a card without a has_* flag', () => {
    const { has_kg: _dropped, ...rest } = card();
    expect(issuePaths(EpisodeCatalogItem.safeParse(rest))).toEqual(['has_kg']);
  });
});

describe('EpisodeList', () => {
  it('accepts a page of cards', () => {
    const page = { items: [card()], page: 1, page_size: 20, total: 1, has_more: false };
    expect(EpisodeList.safeParse(page).success).toBe(true);
  });

  it('refuses page 0', () => {
    const page = { items: [], page: 0, page_size: 20, total: 0, has_more: false };
    expect(issuePaths(EpisodeList.safeParse(page))).toEqual(['page']);
  });
});

describe('EpisodeDetail', () => {
  const { status: _s, summary_preview: _p, ...header } = card();

  it('accepts a detail with a summary and one without', () => {
    const summary = {
      title: 'Rain gardens',
      bullets: ['Rain gardens cut flooding.'],
      text: 'Body.',
    };
    expect(EpisodeDetail.safeParse({ ...header, summary }).success).toBe(true);
    expect(EpisodeDetail.safeParse({ ...header, summary: null }).success).toBe(true);
  });

  it('refuses a summary without its bullets list', () => {
    const result = EpisodeDetail.safeParse({ ...header, summary: { title: 'Rain gardens' } });
    expect(issuePaths(result)).toEqual(['summary.bullets']);
  });
});

describe('PodcastList', () => {
  it('accepts shows and refuses one with an empty feed_id', () => {
    const show = {
      feed_id: 'p01',
      title: 'Field Notes',
      artwork_url: null,
      image_url: 'https://example.org/show.jpg',
      description: null,
      episode_count: 12,
    };
    expect(PodcastList.safeParse({ items: [show] }).success).toBe(true);
    expect(issuePaths(PodcastList.safeParse({ items: [{ ...show, feed_id: '' }] }))).toEqual([
      'items.0.feed_id',
    ]);
  });
});

describe('AudioSource', () => {
  const source = {
    episode_slug: 'p01-a4bbb5dde3',
    url: 'https://cdn.example.org/42.mp3',
    strategy: 'direct',
  };

  it('accepts the minimal and the validated form', () => {
    const validated = {
      ...source,
      resolved_url: 'https://edge.example.org/42.mp3',
      verified: true,
      content_length: 1024,
    };
    expect(AudioSource.safeParse(source).success).toBe(true);
    expect(AudioSource.safeParse(validated).success).toBe(true);
  });

  it('refuses a strategy other than direct', () => {
    expect(issuePaths(AudioSource.safeParse({ ...source, strategy: 'proxy' }))).toEqual([
      'strategy',
    ]);
  });
});

describe('SegmentsContract', () => {
  const contract = {
    version: 1,
    episode_slug: 'p01-a4bbb5dde3',
    segments: [
      { id: 'seg_0000', start: 0, end: 4.2, text: 'Welcome back.', speaker: 'Maya' },
      { id: 'seg_0001', start: 4.2, end: 9, text: 'Today: rain gardens.' },
    ],
  };

  it('accepts sorted segments with and without a speaker', () => {
    expect(SegmentsContract.parse(contract)).toEqual(contract);
  });

  it('refuses segments out of start order, naming the late one', () => {
    const reversed = { ...contract, segments: [...contract.segments].reverse() };
    expect(issuePaths(SegmentsContract.safeParse(reversed))).toEqual(['segments.1.start']);
  });

  it('refuses a segment id that is not seg_NNNN', () => {
    const bad = { ...contract, segments: [{ ...contract.segments[0], id: '7' }] };
    expect(issuePaths(SegmentsContract.safeParse(bad))).toEqual(['segments.0.id']);
  });
});
