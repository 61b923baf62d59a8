import type { EpisodePlan, FeedPlan, Person, Topic } from './plan-types.js';
import type { Rng } from './prng.js';
import { capitalizeFirst } from './text.js';
import { PLACES } from './vocabulary/names.js';
import { type ClaimTemplate, FILLERS } from './vocabulary/sentences.js';

export interface ScriptSentence {
  /** What is said, without the filler; GI quotes are exactly this text. */
  text: string;
  filler: string;
  topic: Topic;
  secondTopic: Topic | undefined;
  claim: { insight: string; type: ClaimTemplate['type'] } | undefined;
}

/** What sentence writers share for one episode: randomness, decks, and what was said so far. */
export interface Cast {
  rng: Rng;
  feed: FeedPlan;
  episode: EpisodePlan;
  figures: readonly Person[];
  orgs: Set<string>;
  cited: Set<Person>;
  said: Set<string>;
  decks: {
    claims: () => ClaimTemplate;
    questions: () => string;
    reactions: () => string;
    elaborations: () => string;
  };
}

function pickTopic(cast: Cast, not?: Topic): Topic {
  const { rng, episode } = cast;
  const options = episode.topics.filter((topic) => topic !== not);
  return rng.chance(0.4) && options[0]
    ? options[0]
    : rng.pick(options.length > 0 ? options : episode.topics);
}

/** Placeholder values for one sentence; verb forms follow the topic's number. */
function templateValues(
  cast: Cast,
  topic: Topic,
  second: Topic | undefined,
  figure: Person | undefined,
): Record<string, string> {
  const { rng, feed, episode } = cast;
  const orgs = [...feed.domain.orgs, ...episode.guests.flatMap((g) => (g.org ? [g.org] : []))];
  return {
    t: topic.label,
    T: capitalizeFirst(topic.label),
    u: second?.label ?? 'everything around it',
    o: rng.pick(orgs),
    p: rng.pick(PLACES),
    n: String(rng.int(3, 12)),
    pct: String(rng.int(2, 12) * 5),
    y: String(rng.int(2004, 2019)),
    m: figure?.name ?? 'one of my old professors',
    s: topic.plural ? '' : 's',
    is: topic.plural ? 'are' : 'is',
    was: topic.plural ? 'were' : 'was',
    it: topic.plural ? 'they' : 'it',
    them: topic.plural ? 'them' : 'it',
    itself: topic.plural ? 'themselves' : 'itself',
  };
}

interface Filled {
  texts: string[];
  topic: Topic;
  secondTopic: Topic | undefined;
}

/** Fills the templates with one set of values, so a claim and its insight say the same thing. */
function fillPair(cast: Cast, templates: readonly string[]): Filled {
  const topic = pickTopic(cast);
  const second = cast.episode.topics.length > 1 ? pickTopic(cast, topic) : undefined;
  const figure = cast.figures.length > 0 ? cast.rng.pick(cast.figures) : undefined;
  const values = templateValues(cast, topic, second, figure);
  const joined = templates.join('\u0000');
  if (joined.includes('{o}')) {
    cast.orgs.add(values.o as string);
  }
  if (figure && joined.includes('{m}')) {
    cast.cited.add(figure);
  }
  const fill = (template: string) =>
    capitalizeFirst(template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key));
  return {
    texts: templates.map(fill),
    topic,
    secondTopic: joined.includes('{u}') ? second : undefined,
  };
}

function withFiller(cast: Cast, text: string): { text: string; filler: string } {
  // Keep capitals that matter: "I", proper names and capitalised topics.
  if (
    !cast.rng.chance(0.15) ||
    /^(I\b|I'|[A-Z][a-z]+ [A-Z])/.test(text) ||
    !/^[A-Z][a-z]/.test(text)
  ) {
    return { text, filler: '' };
  }
  return { text: text[0]?.toLowerCase() + text.slice(1), filler: cast.rng.pick(FILLERS) };
}

/** Draws and fills a template, redrawing a few times when the exact sentence was already said. */
function freshFill<T>(
  cast: Cast,
  draw: () => T,
  templates: (drawn: T) => string[],
): { drawn: T; filled: Filled } {
  let drawn = draw();
  let filled = fillPair(cast, templates(drawn));
  for (let attempt = 0; cast.said.has(filled.texts[0] as string) && attempt < 4; attempt++) {
    drawn = draw();
    filled = fillPair(cast, templates(drawn));
  }
  cast.said.add(filled.texts[0] as string);
  return { drawn, filled };
}

export function plainSentence(
  cast: Cast,
  draw: () => string,
  allowFiller: boolean,
): ScriptSentence {
  const { texts, topic, secondTopic } = freshFill(cast, draw, (template) => [template]).filled;
  const spoken = allowFiller
    ? withFiller(cast, texts[0] as string)
    : { text: texts[0] as string, filler: '' };
  return { ...spoken, topic, secondTopic, claim: undefined };
}

export function claimSentence(cast: Cast): ScriptSentence {
  const { drawn, filled } = freshFill(cast, cast.decks.claims, (template) => [
    template.say,
    template.insight,
  ]);
  const spoken = withFiller(cast, filled.texts[0] as string);
  return {
    ...spoken,
    topic: filled.topic,
    secondTopic: filled.secondTopic,
    claim: { insight: filled.texts[1] as string, type: drawn.type },
  };
}

export function fixedSentence(cast: Cast, text: string): ScriptSentence {
  return {
    text,
    filler: '',
    topic: cast.episode.topics[0] as Topic,
    secondTopic: undefined,
    claim: undefined,
  };
}
