import { DomainError } from '@podcast/contracts';
import type { Logger } from 'pino';
import { resolveServedFile } from '../files/served-paths.js';
import {
  type EpisodeSegments,
  type SegmentRow,
  type SegmentsFile,
  type SegmentsVariant,
  transcriptFamilyOf,
} from '../readers/segments.js';
import type { CorpusPlace } from './corpus-caches.js';
import type { CachedFile } from './file-cache.js';

async function readSegmentsFile(
  place: CorpusPlace,
  relpath: string,
  logger: Logger | undefined,
): Promise<readonly SegmentRow[] | undefined> {
  let file: string;
  try {
    // As the file routes serve: metadata naming a transcript in a dot-folder
    // (a rolled-back episode, per-user data), or a symlink into one, reads nothing.
    file = await resolveServedFile(place.root, relpath, 'relpath');
  } catch (err) {
    if (err instanceof DomainError) {
      return undefined;
    }
    throw err;
  }
  let read: CachedFile<SegmentsFile> | undefined;
  try {
    read = await place.caches.segments.read(file);
  } catch (err) {
    logger?.warn({ file, err: (err as Error).message }, 'skipping unreadable corpus file');
    return undefined;
  }
  if (read === undefined) {
    return undefined;
  }
  if (!read.value.ok) {
    logger?.warn({ file, err: read.value.reason }, 'skipping unreadable corpus file');
    return undefined;
  }
  return read.value.rows;
}

/**
 * Reads an episode's segments: the ad-free base first (spec 01 governs over
 * the reference, CONVENTIONS), the raw segments as fallback. Undefined when
 * the episode names no transcript or neither file is usable. Every read goes
 * through the confinement check, so a symlink out of the corpus is "missing";
 * only the parse is cached, per file version. `variants` narrows the files
 * tried, in order: `['raw']` for what must match the origin audio's timeline
 * (the ad-free timeline is shorter).
 */
export async function readSegments(
  place: CorpusPlace,
  episode: { transcript_relpath: string | null },
  logger?: Logger,
  variants: readonly SegmentsVariant[] = ['adfree', 'raw'],
): Promise<EpisodeSegments | undefined> {
  const family = transcriptFamilyOf(episode.transcript_relpath);
  if (family === undefined) {
    return undefined;
  }
  const files = { adfree: family.adfree_segments, raw: family.segments };
  for (const variant of variants) {
    const relpath = files[variant];
    const segments = await readSegmentsFile(place, relpath, logger);
    if (segments !== undefined) {
      return { variant, relpath, segments };
    }
  }
  return undefined;
}
