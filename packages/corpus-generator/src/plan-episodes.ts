import { DAY_MS, HOUR_MS, MINUTE_MS, startOfDay } from './clock.js';
import { sha256Hex } from './hashing.js';
import type { PeoplePools } from './people.js';
import type { EpisodePlan, FeedPlan, Person, Topic } from './plan-types.js';
import { createDeck, createRng, deriveSeed, type Rng } from './prng.js';
import { slugify, titleCase } from './text.js';
import { domainTopics, SHARED_TOPIC_LIST } from './topics.js';
import { SHARED_THEMES } from './vocabulary/domain.js';
import {
  DESCRIPTIONS_HOSTS_ONLY,
  DESCRIPTIONS_WITH_GUEST,
  EPISODE_TITLES,
} from './vocabulary/titles.js';

/** Episodes of a feed spread over this many days back from its newest one. */
const SPAN_DAYS = 540;

/**
 * The primary topic rotates through the domain (a per-feed deck), plus two
 * more from the domain; half the episodes add a shared topic, sometimes with
 * a partner from its cross-show thread so those threads co-occur too.
 */
function pickTopics(rng: Rng, feed: FeedPlan, primary: Topic): Topic[] {
  const others = domainTopics(feed.domain).filter((topic) => topic.id !== primary.id);
  const own = [primary, ...rng.sample(others, 2)];
  if (!rng.chance(0.5)) {
    return own;
  }
  const shared = rng.pick(SHARED_TOPIC_LIST);
  const thread = SHARED_THEMES.find((theme) => theme.topics.includes(shared.label));
  const partnerLabel =
    thread && rng.chance(0.4)
      ? rng.pick(thread.topics.filter((label) => label !== shared.label))
      : undefined;
  const partner = SHARED_TOPIC_LIST.find((topic) => topic.label === partnerLabel);
  return partner ? [...own, shared, partner] : [...own, shared];
}

function pickGuests(rng: Rng, feed: FeedPlan, pools: PeoplePools): Person[] {
  const count = feed.hosts.length === 1 ? (rng.chance(0.2) ? 2 : 1) : rng.chance(0.35) ? 0 : 1;
  const domainPool = pools.guestsByDomain.get(feed.domain.key) ?? [];
  const guests: Person[] = [];
  while (guests.length < count) {
    const pool = rng.chance(0.12) ? pools.crossShowGuests : domainPool;
    const guest = rng.pick(pool);
    if (!guests.includes(guest)) {
      guests.push(guest);
    }
  }
  return guests;
}

function fillTitle(template: string, topics: Topic[], guests: Person[]): string {
  return template
    .replace('{T}', titleCase(topics[0]?.label ?? 'the show'))
    .replace('{U}', titleCase(topics[1]?.label ?? 'everything else'))
    .replace('{G}', guests[0]?.name ?? 'Listeners');
}

function describe(rng: Rng, feed: FeedPlan, topics: Topic[], guests: Person[]): string {
  const guest = guests[0];
  const template = rng.pick(guest ? DESCRIPTIONS_WITH_GUEST : DESCRIPTIONS_HOSTS_ONLY);
  return template
    .replace('{H}', feed.hosts[0]?.name ?? '')
    .replace('{H2}', feed.hosts[1]?.name ?? feed.hosts[0]?.name ?? '')
    .replace('{G}', guest?.name ?? '')
    .replace('{role}', guest?.jobTitle ?? '')
    .replace('{o}', guest?.org ?? '')
    .replace('{t}', topics[0]?.label ?? '')
    .replace('{u}', topics[1]?.label ?? '');
}

/** RFC 4122-looking GUID derived from a stable key, as many hosting platforms emit. */
function guidFor(key: string): string {
  const h = sha256Hex(key);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Pipeline episode_id: the GUID, else `sha256:` of lowercased `feedurl|title|published ISO|link` (spec 04 §3). */
function episodeIdFor(
  feed: FeedPlan,
  guid: string | undefined,
  title: string,
  publishedIso: string,
  link: string,
): string {
  return (
    guid ?? `sha256:${sha256Hex(`${feed.url}|${title}|${publishedIso}|${link}`.toLowerCase())}`
  );
}

/** Newest episodes of feed pairs (0,1), (2,3)… share a calendar day, at different hours. */
function publishTimes(seed: number, baseMs: number, feedIndex: number, count: number): number[] {
  const pairRng = createRng(deriveSeed(seed, 'feed-newest-day', Math.floor(feedIndex / 2)));
  const newestDay = startOfDay(baseMs) - (2 + pairRng.int(0, 7)) * DAY_MS;
  const rng = createRng(deriveSeed(seed, 'feed-dates', feedIndex));
  const spacing = Math.max(1, Math.floor(SPAN_DAYS / count));
  const jitterMax = Math.floor(spacing / 3);
  const firstHour = feedIndex % 2 === 0 ? 6 : 13;
  return Array.from({ length: count }, (_, i) => {
    const fromNewest = count - 1 - i;
    const jitter = fromNewest === 0 ? 0 : rng.int(-jitterMax, jitterMax);
    const time =
      rng.int(firstHour, firstHour + 5) * HOUR_MS + rng.pick([0, 15, 30, 45]) * MINUTE_MS;
    return newestDay - (fromNewest * spacing + jitter) * DAY_MS + time;
  });
}

interface TitleSource {
  used: Set<string>;
  nextTemplate: () => string;
}

/** A title not used before in this feed; reshuffles topics, then numbers the part as a last resort. */
function uniqueTitle(
  source: TitleSource,
  rng: Rng,
  topics: Topic[],
  guests: Person[],
  number: number,
): string {
  let title = fillTitle(source.nextTemplate(), topics, guests);
  for (let attempt = 0; source.used.has(title) && attempt < 6; attempt++) {
    title = fillTitle(source.nextTemplate(), rng.shuffle(topics), guests);
  }
  const unique = source.used.has(title) ? `${title} (Part ${number})` : title;
  source.used.add(unique);
  return unique;
}

interface EpisodeDraft {
  number: number;
  publishedMs: number;
  primary: Topic;
  titles: TitleSource;
}

function planEpisode(
  seed: number,
  feed: FeedPlan,
  pools: PeoplePools,
  draft: EpisodeDraft,
): EpisodePlan {
  const { number, publishedMs } = draft;
  const rng = createRng(deriveSeed(seed, 'episode', feed.index, number));
  const topics = pickTopics(rng, feed, draft.primary);
  const guests = pickGuests(rng, feed, pools);
  const title = uniqueTitle(draft.titles, rng, topics, guests, number);
  const guid = rng.chance(0.9) ? guidFor(`${feed.url}#${number}`) : undefined;
  const link = `https://${feed.host}/episodes/${number}-${slugify(title)}`;
  return {
    feedIndex: feed.index,
    number,
    title,
    episodeId: episodeIdFor(feed, guid, title, new Date(publishedMs).toISOString(), link),
    guid,
    publishedMs,
    link,
    description: describe(rng, feed, topics, guests),
    guests,
    topics,
    seed: deriveSeed(seed, 'episode-content', feed.index, number),
    giForm: 'pipeline',
    hasAdfree: rng.chance(1 / 3),
    hasCleaned: rng.chance(0.15),
    imageUrl: undefined,
    art: undefined,
    mediaUrl: `https://media.${feed.host}/ep-${number}.mp3`,
    runCount: 1,
    missing: [],
  };
}

/** The feed's episodes, oldest first; titles and primary topics come from per-feed decks so they vary. */
export function planFeedEpisodes(
  seed: number,
  baseMs: number,
  feed: FeedPlan,
  count: number,
  pools: PeoplePools,
): EpisodePlan[] {
  const feedRng = createRng(deriveSeed(seed, 'feed-titles', feed.index));
  const titles: TitleSource = {
    used: new Set(),
    nextTemplate: createDeck(feedRng, EPISODE_TITLES),
  };
  const nextPrimary = createDeck(feedRng, domainTopics(feed.domain));
  return publishTimes(seed, baseMs, feed.index, count).map((publishedMs, i) =>
    planEpisode(seed, feed, pools, { number: i + 1, publishedMs, primary: nextPrimary(), titles }),
  );
}
