import { createHash } from 'node:crypto';

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
 * The stable public id of an episode: `<feed-slug>-<10 hex>`, the hash over
 * `feed_id\0episode_id`, or `feed_id\0path:<metadata relpath>` when the
 * metadata names no episode id.
 */
export function episodeSlug(
  feedId: string,
  episodeId: string | null,
  metadataRelpath: string,
): string {
  const key = episodeId === null ? `path:${metadataRelpath}` : episodeId;
  const digest = createHash('sha256').update(`${feedId}\0${key}`, 'utf8').digest('hex');
  const feedSlug = slugify(feedId) || 'feed';
  // Joined, not concatenated: `+` and templates make a cons string that
  // keeps the feed slug alive beside the flat copy (one per record).
  return [feedSlug, digest.slice(0, 10)].join('-');
}
