import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CorpusRegistry, type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import { pino } from 'pino';
import type { UserStateDeps } from '../src/deps.js';
import { insightDetails } from '../src/insight-details.js';
import { libraryItemsOf } from '../src/library.js';
import { shownFeedRowsIn, shownRowsIn } from '../src/shown-rows.js';
import { holdingsOfSnapshot } from '../src/snapshot-holdings.js';

const SAMPLE_CORPUS_DIR = resolve(import.meta.dirname, '../../../corpus/sample');
const GONE_SLUG = 'left-the-corpus';
const GONE_FEED = 'sha256:left-the-corpus';

let registry: CorpusRegistry;
let snapshot: CorpusSnapshot;
let slug: string;
let feedId: string;

beforeAll(async () => {
  registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
  snapshot = await registry.get(SAMPLE_CORPUS_DIR);
  const episode = snapshot.episodes.find((candidate) => candidate.feed_id !== '');
  if (episode === undefined) {
    throw new Error('the sample corpus has no episode with a feed');
  }
  slug = episode.slug;
  feedId = episode.feed_id;
});

afterAll(() => registry.close());

describe('shownRowsIn', () => {
  it('hides rows whose episode left the corpus and keeps rows naming none, in order', async () => {
    const rows = [{ slug: GONE_SLUG }, { slug }, { slug: undefined }];
    const deps = { holdings: holdingsOfSnapshot(async () => snapshot) } as UserStateDeps;
    const shown = await shownRowsIn(deps, rows, (row) =>
      row.slug === undefined ? undefined : { slug: row.slug },
    );
    expect(shown).toEqual([{ slug }, { slug: undefined }]);
  });

  it('pairs rows naming a show with its record and hides shows that left', async () => {
    const holdings = holdingsOfSnapshot(async () => snapshot);
    const shown = await shownFeedRowsIn(
      { holdings },
      [{ id: GONE_FEED }, { id: feedId }],
      (row) => row.id,
    );
    expect(shown.map(({ row, feed }) => [row.id, feed.feed_id])).toEqual([[feedId, feedId]]);
  });
});

describe('libraryItemsOf', () => {
  it('lists subscribed shows still in the corpus with their title and subscription time', async () => {
    const at = '2026-11-20T10:00:00.000Z';
    const items = await libraryItemsOf({ holdings: holdingsOfSnapshot(async () => snapshot) }, [
      { feed_id: GONE_FEED, created_at: at },
      { feed_id: feedId, created_at: at },
    ]);
    expect(items).toEqual([
      expect.objectContaining({
        feed_id: feedId,
        title: snapshot.findFeed(feedId)?.title,
        subscribed_at: at,
      }),
    ]);
  });
});

describe('insightDetails', () => {
  const holdingsOf = () => holdingsOfSnapshot(async () => snapshot);

  it('finds the episode holding an insight when no slug is given', async () => {
    const episode = snapshot.episodes.find((candidate) => snapshot.graphOf(candidate)?.insights[0]);
    const insight = episode && snapshot.graphOf(episode)?.insights[0];
    if (episode === undefined || insight === undefined) {
      throw new Error('the sample corpus has no insight');
    }
    // The first episode with any insight is the first to hold this one.
    const details = await insightDetails(holdingsOf(), insight.id, undefined);
    expect(details.episode_slug).toBe(episode.slug);
  });

  it('knows nothing of an insight no episode holds', async () => {
    expect(await insightDetails(holdingsOf(), 'insight:nowhere', undefined)).toEqual({});
  });
});
