import { feedWorkspaceDirName } from '@podcast/corpus';
import { artRelpath, drawCoverPng, drawCoverSvg } from './artwork.js';
import { sha256Hex } from './hashing.js';
import type { ArtImage, FeedPlan, Person } from './plan-types.js';
import { createRng, deriveSeed } from './prng.js';
import { slugify } from './text.js';
import type { Domain } from './vocabulary/domain.js';
import { DOMAINS } from './vocabulary/domains.js';
import { TLDS } from './vocabulary/names.js';

const ROMAN = ['', '', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

export function domainForFeed(index: number): Domain {
  return DOMAINS[index % DOMAINS.length] as Domain;
}

function showTitle(domain: Domain, index: number): string {
  const round = Math.floor(index / DOMAINS.length);
  const base = domain.shows[round % domain.shows.length] as string;
  const edition = Math.floor(round / domain.shows.length) + 1;
  return edition === 1 ? base : `${base} ${ROMAN[edition] ?? edition}`;
}

/** Pipeline feed_id: `sha256:` + hex of the lowercased scheme://host/path without a trailing slash (spec 04 §3). */
export function feedIdFor(url: string): string {
  const parsed = new URL(url);
  const canonical = `${parsed.protocol}//${parsed.host}${parsed.pathname}`
    .toLowerCase()
    .replace(/\/+$/, '');
  return `sha256:${sha256Hex(canonical)}`;
}

function feedArt(
  domain: Domain,
  title: string,
  index: number,
  feedCount: number,
  seed: number,
): ArtImage | undefined {
  // The last feed keeps only its remote image_url, so "no local art" is covered.
  if (feedCount > 1 && index === feedCount - 1) {
    return undefined;
  }
  if (index === 2) {
    const bytes = new TextEncoder().encode(drawCoverSvg(title, domain.color));
    return { relpath: artRelpath(bytes, 'svg'), bytes };
  }
  const bytes = drawCoverPng(domain.color, deriveSeed(seed, 'feed-art', index), false);
  return { relpath: artRelpath(bytes, 'png'), bytes };
}

export interface FeedIdentity {
  index: number;
  hosts: Person[];
}

/** Everything about a feed except its episodes and runs. */
export function planFeedShell(
  seed: number,
  identity: FeedIdentity,
  feedCount: number,
  usedHosts: Set<string>,
): FeedPlan {
  const { index, hosts } = identity;
  const domain = domainForFeed(index);
  const title = showTitle(domain, index);
  const rng = createRng(deriveSeed(seed, 'feed', index));
  let host = `${slugify(title.replace(/^The /, '')).replace(/-/g, '')}.${rng.pick(TLDS)}`;
  if (usedHosts.has(host)) {
    host = `${index}.${host}`;
  }
  usedHosts.add(host);
  const url = `https://${host}/${rng.pick(['feed.xml', 'rss', 'podcast.rss'])}`;
  const hostNames = hosts.map((h) => h.name).join(' and ');
  return {
    index,
    domain,
    title,
    host,
    url,
    feedId: feedIdFor(url),
    dirName: feedWorkspaceDirName(url),
    podcastId: `podcast:${slugify(title)}`,
    description: `A show about ${domain.blurb}, hosted by ${hostNames}.`,
    hosts,
    imageUrl: `https://${host}/artwork/cover-3000.jpg`,
    art: feedArt(domain, title, index, feedCount, seed),
    runs: [],
    episodes: [],
  };
}
