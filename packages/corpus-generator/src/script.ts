import type { EpisodePlan, FeedPlan, Person } from './plan-types.js';
import { createDeck, type Rng } from './prng.js';
import {
  type Cast,
  claimSentence,
  fixedSentence,
  plainSentence,
  type ScriptSentence,
} from './script-sentences.js';
import { SPONSOR_READS } from './vocabulary/names.js';
import { CLAIMS, ELABORATIONS, QUESTIONS, REACTIONS } from './vocabulary/sentences.js';

export interface ScriptLine {
  speaker: Person;
  sentences: ScriptSentence[];
  isAd: boolean;
}

/** An episode's conversation as data, before it is laid out as text and timed. */
export interface Script {
  lines: ScriptLine[];
  orgs: string[];
  figures: Person[];
}

function introLine(cast: Cast): ScriptLine {
  const { feed, episode } = cast;
  const [host, coHost] = feed.hosts as [Person, Person | undefined];
  const guest = episode.guests[0];
  const first = host.name.split(' ')[0];
  const company = guest
    ? `and today I'm joined by ${guest.name}, ${guest.jobTitle} at ${guest.org}.`
    : `and I'm here with ${coHost?.name ?? 'you'}.`;
  return {
    speaker: host,
    isAd: false,
    sentences: [
      fixedSentence(cast, `Welcome to ${feed.title}.`),
      fixedSentence(cast, `I'm ${first}, ${company}`),
    ],
  };
}

function outroLine(cast: Cast): ScriptLine {
  const { feed, episode } = cast;
  const thanks = episode.guests[0]
    ? `Thanks to ${episode.guests[0].name} for joining us, and thanks for listening.`
    : 'Thanks for listening.';
  return {
    speaker: feed.hosts[0] as Person,
    isAd: false,
    sentences: [
      fixedSentence(cast, `That's all for this episode of ${feed.title}.`),
      fixedSentence(cast, thanks),
    ],
  };
}

function adLine(cast: Cast, read: string): ScriptLine {
  const sentences = read.split(/(?<=\.) /).map((text) => fixedSentence(cast, text));
  return { speaker: cast.feed.hosts[0] as Person, isAd: true, sentences };
}

function questionLine(cast: Cast, asker: Person): ScriptLine {
  const sentences = cast.rng.chance(0.35) ? [plainSentence(cast, cast.decks.reactions, false)] : [];
  sentences.push(plainSentence(cast, cast.decks.questions, false));
  return { speaker: asker, isAd: false, sentences };
}

function answerLine(cast: Cast, answerer: Person): ScriptLine {
  const count = cast.rng.int(1, 3);
  const sentences = Array.from({ length: count }, (_, i) =>
    i === 0 || cast.rng.chance(0.5)
      ? claimSentence(cast)
      : plainSentence(cast, cast.decks.elaborations, true),
  );
  return { speaker: answerer, isAd: false, sentences };
}

function createCast(
  rng: Rng,
  feed: FeedPlan,
  episode: EpisodePlan,
  figures: readonly Person[],
): Cast {
  const decks = {
    claims: createDeck(rng, CLAIMS),
    questions: createDeck(rng, QUESTIONS),
    reactions: createDeck(rng, REACTIONS),
    elaborations: createDeck(rng, ELABORATIONS),
  };
  return { rng, feed, episode, figures, orgs: new Set(), cited: new Set(), said: new Set(), decks };
}

/** Question/answer pairs until the line budget is spent; sponsor reads go after the intro and mid-episode. */
function conversation(cast: Cast, lineCount: number): ScriptLine[] {
  const { rng, feed, episode } = cast;
  const asker = feed.hosts[0] as Person;
  // Hosts-only episodes: the co-host answers and the main host asks, then they swap.
  const answerers = episode.guests.length > 0 ? episode.guests : [...feed.hosts.slice(1, 2), asker];
  const reads = episode.hasAdfree ? rng.sample(SPONSOR_READS, rng.chance(0.6) ? 2 : 1) : [];
  const lines: ScriptLine[] = [];
  for (let turn = 0; lines.length < lineCount - 2; ) {
    if (reads.length > 0 && (lines.length === 0 || lines.length + 1 >= lineCount / 2)) {
      lines.push(adLine(cast, reads.shift() as string));
      continue;
    }
    const answerer = answerers[turn % answerers.length] as Person;
    lines.push(questionLine(cast, answerer === asker ? (feed.hosts[1] ?? asker) : asker));
    lines.push(answerLine(cast, answerer));
    turn += 1;
  }
  return lines;
}

/**
 * Intro, question/answer exchanges, outro; episodes with an ad-free variant
 * carry one or two sponsor reads that the ad-free files cut out again.
 */
export function writeScript(
  rng: Rng,
  feed: FeedPlan,
  episode: EpisodePlan,
  figures: readonly Person[],
  lineCount: number,
): Script {
  const cast = createCast(rng, feed, episode, figures);
  const lines = [introLine(cast), ...conversation(cast, lineCount), outroLine(cast)];
  return {
    lines,
    orgs: [...cast.orgs].sort(),
    figures: [...cast.cited].sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}
