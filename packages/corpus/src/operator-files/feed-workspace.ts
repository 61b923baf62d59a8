import { createHash } from 'node:crypto';
import { DomainError, NotFound } from '@podcast/contracts';
import { readRootFile } from './confined-file.js';
import { readFeedsSpec } from './feeds-spec-file.js';

/** A production feed folder: `rss_<host>_<first 8 hex of SHA-1(RSS URL)>` (spec 04 §1.1). */
export function feedWorkspaceDirName(url: string): string {
  const host = new URL(url).host.replace(/[^A-Za-z0-9]/g, '_');
  return `rss_${host}_${createHash('sha1').update(url).digest('hex').slice(0, 8)}`;
}

const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** Whitespace, control and invisible format characters: never part of a URL or a slug. */
const UNPRINTABLE = /[\s\p{Cc}\p{Cf}]/u;

function invalidFeed(field: string, why: string): DomainError {
  return new DomainError('invalid', `${field}: ${why}`, { field });
}

/**
 * The RSS URL a pipeline job's `feed` names (spec 01 POST /api/jobs): an
 * http(s) URL with a host, as given, or a feed-workspace directory slug
 * found among the feeds spec's URLs, else among the manifest's
 * `stable_feed_dir`s. An unknown slug is a 404; anything else (a space, a
 * newline, another scheme) is a 400 naming `field`, since the value ends
 * up on the pipeline command's line.
 */
export async function resolvePipelineFeed(
  root: string,
  feed: string,
  field: string,
): Promise<string> {
  if (UNPRINTABLE.test(feed)) {
    throw invalidFeed(field, 'a feed has no spaces, line breaks or control characters');
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(feed)) {
    const url = URL.canParse(feed) ? new URL(feed) : null;
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) {
      throw invalidFeed(field, 'expected an http(s) RSS URL or a feed slug');
    }
    return feed;
  }
  if (!SLUG.test(feed)) {
    throw invalidFeed(field, 'a feed slug has letters, digits, ".", "_" or "-" only');
  }
  const spec = await readFeedsSpec(root);
  for (const entry of spec.feeds) {
    const url = typeof entry === 'string' ? entry : entry.url;
    if (URL.canParse(url) && feedWorkspaceDirName(url) === feed) {
      return url;
    }
  }
  const fromManifest = await manifestFeedUrl(root, feed);
  if (fromManifest !== null) {
    return fromManifest;
  }
  throw new NotFound(`${field}: no feed of the feeds spec or the manifest has the folder ${feed}`);
}

async function manifestFeedUrl(root: string, slug: string): Promise<string | null> {
  const { text } = await readRootFile(root, 'corpus_manifest.json', 'corpus_manifest');
  if (text === undefined) {
    return null;
  }
  try {
    const manifest = JSON.parse(text) as {
      feeds?: { feed_url?: unknown; stable_feed_dir?: unknown }[];
    };
    const found = (Array.isArray(manifest.feeds) ? manifest.feeds : []).find(
      (feed) => feed?.stable_feed_dir === slug && typeof feed.feed_url === 'string',
    );
    return (found?.feed_url as string | undefined) ?? null;
  } catch {
    return null;
  }
}
