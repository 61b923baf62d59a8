import { createHash, hash } from 'node:crypto';

/**
 * Slugify as the reference does (spec 04 §3): NFKD, ASCII only, lowercase,
 * keep word characters, spaces and `-`, turn runs of spaces/underscores
 * into `-`, collapse `-` runs, trim. `sha256:abc` becomes `sha256abc`.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0080-\uffff]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-\s]+|[-\s]+$/g, '');
}

/**
 * One-shot `crypto.hash` where Node has it (20.12 and later): about twice
 * as fast as a `Hash` object per episode.
 */
const sha256Hex: (text: string) => string =
  typeof hash === 'function'
    ? (text) => hash('sha256', text, 'hex')
    : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The stable public id of an episode: `<feed-slug>-<10 hex>`, the hash over
 * `feed_id\0episode_id`, or `feed_id\0path:<metadata relpath>` when the
 * metadata names no episode id.
 */
export function episodeSlug(
  feedId: string,
  episodeId: string | null,
  metadataRelpath: string,
  slugOf: (feedId: string) => string = slugify,
): string {
  const key = episodeId === null ? `path:${metadataRelpath}` : episodeId;
  const digest = sha256Hex(`${feedId}\0${key}`);
  const feedSlug = slugOf(feedId) || 'feed';
  // Joined, not concatenated: `+` and templates make a cons string that
  // keeps the feed slug alive beside the flat copy (one per record).
  return [feedSlug, digest.slice(0, 10)].join('-');
}
