import { artRelpath, drawCoverPng } from './artwork.js';
import type { EpisodePlan, FeedPlan, MissingKind } from './plan-types.js';
import { createRng, deriveSeed } from './prng.js';

/** Order in which deliberate gaps are handed out; one gap per episode. */
const MISSING_ORDER: readonly MissingKind[] = [
  'no_transcript',
  'no_segments',
  'no_gi',
  'no_kg',
  'no_bridge',
  'no_summary',
  'no_media_url',
  'no_gi',
  'no_kg',
  'no_summary',
  'no_enrichments',
];

const MAX_EPISODE_ART = 6;

function singleRunEpisodes(feeds: readonly FeedPlan[]): EpisodePlan[] {
  return feeds.flatMap((feed) => feed.episodes.filter((episode) => episode.runCount === 1));
}

/**
 * Every fifth single-run episode gets the strict GI 1.0 form, and every seventh
 * (up to six) its own cover art. Duplicated episodes are left alone so the
 * dedup pair stays a plain pipeline pair.
 */
export function assignVariants(seed: number, feeds: readonly FeedPlan[]): void {
  let artCount = 0;
  singleRunEpisodes(feeds).forEach((episode, index) => {
    if (index % 5 === 2) {
      episode.giForm = 'strict';
    }
    if (index % 7 === 4 && artCount < MAX_EPISODE_ART) {
      const feed = feeds[episode.feedIndex] as FeedPlan;
      const bytes = drawCoverPng(
        feed.domain.color,
        deriveSeed(seed, 'episode-art', episode.feedIndex, episode.number),
        true,
      );
      episode.art = { relpath: artRelpath(bytes, 'png'), bytes };
      episode.imageUrl = `https://${feed.host}/episodes/${episode.number}/cover.jpg`;
      artCount += 1;
    }
  });
}

/**
 * Hands out MISSING_ORDER round-robin over feeds, each feed's candidates in a
 * seeded order. Candidates are single-run pipeline-GI episodes without their
 * own art, so the strict files, the dedup pair and the art stay complete.
 */
export function assignMissing(seed: number, feeds: readonly FeedPlan[]): void {
  const rng = createRng(deriveSeed(seed, 'missing'));
  const queues = feeds.map((feed) =>
    rng.shuffle(feed.episodes.filter((e) => e.runCount === 1 && e.giForm === 'pipeline' && !e.art)),
  );
  let cursor = 0;
  for (const kind of MISSING_ORDER) {
    const start = cursor;
    let episode: EpisodePlan | undefined;
    do {
      episode = queues[cursor % queues.length]?.shift();
      cursor += 1;
    } while (!episode && cursor - start < queues.length);
    if (!episode) {
      return;
    }
    episode.missing.push(kind);
    if (kind === 'no_transcript' || kind === 'no_segments') {
      // An ad-free segments file would stand in for the missing raw one.
      episode.hasAdfree = false;
      episode.hasCleaned = false;
    }
  }
}
