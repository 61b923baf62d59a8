import { DomainError } from '@podcast/contracts';
import type { Logger } from 'pino';
import type { CorpusPlace } from '../caches/corpus-caches.js';
import type { CachedFile } from '../caches/file-cache.js';
import { resolveServedFile } from '../files/served-paths.js';
import { asArray, asFiniteNumber, asRecord, asText } from './lenient-values.js';

/** One row of the segments contract (spec 01); times in seconds. */
export interface SegmentRow {
  id: string;
  start: number;
  end: number;
  text: string;
  speaker?: string;
  /**
   * The file's `speaker_id` when it names a person and `speaker` holds the
   * diarization label instead (who `SPEAKER_00` is). Not in the contract.
   */
  person_id?: string;
}

/** Root-relative paths of an episode's transcript family (spec 04 §2.2); none is checked on disk. */
export interface TranscriptFamily {
  base: string;
  txt: string;
  cleaned_txt: string;
  segments: string;
  adfree_txt: string;
  adfree_segments: string;
  adfree_admap: string;
}

export interface EpisodeSegments {
  /** `adfree` when the ad-free base was found (preferred, spec 01), else `raw`. */
  variant: 'adfree' | 'raw';
  relpath: string;
  /** Shared with later reads of the same file version: do not mutate. */
  segments: readonly SegmentRow[];
}

/** The family around a transcript relpath, whichever member the metadata names. */
export function transcriptFamilyOf(transcriptRelpath: string | null): TranscriptFamily | undefined {
  if (transcriptRelpath === null) {
    return undefined;
  }
  let base = transcriptRelpath.replace(/\.(?:txt|json|vtt|srt)$/, '');
  while (/\.(?:cleaned|adfree|segments)$/.test(base)) {
    base = base.replace(/\.(?:cleaned|adfree|segments)$/, '');
  }
  return {
    base,
    txt: `${base}.txt`,
    cleaned_txt: `${base}.cleaned.txt`,
    segments: `${base}.segments.json`,
    adfree_txt: `${base}.adfree.txt`,
    adfree_segments: `${base}.adfree.segments.json`,
    adfree_admap: `${base}.adfree.admap.json`,
  };
}

function segmentId(raw: unknown, position: number): string {
  const id = typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? raw : position;
  return `seg_${String(id).padStart(4, '0')}`;
}

/**
 * Segment contract rows from a parsed segments file: id `seg_NNNN` from an
 * integer `id`, else the position in the file; rows with non-finite times
 * dropped; sorted by start (stable).
 */
export function toSegmentRows(parsed: unknown): SegmentRow[] {
  const items = Array.isArray(parsed) ? parsed : asArray(asRecord(parsed)?.segments);
  const rows: SegmentRow[] = [];
  items.forEach((item, position) => {
    const segment = asRecord(item);
    const start = asFiniteNumber(segment?.start);
    const end = asFiniteNumber(segment?.end);
    if (segment === undefined || start === undefined || end === undefined) {
      return;
    }
    const label = asText(segment.speaker_label);
    const speakerId = asText(segment.speaker_id);
    const speaker = label ?? speakerId;
    const text = typeof segment.text === 'string' ? segment.text : '';
    const isPersonBeside = label !== undefined && speakerId?.startsWith('person:') === true;
    rows.push({
      id: segmentId(segment.id, position),
      start,
      end,
      text,
      ...(speaker ? { speaker } : {}),
      ...(isPersonBeside ? { person_id: speakerId } : {}),
    });
  });
  return rows.sort((a, b) => a.start - b.start);
}

function isSegmentsDocument(parsed: unknown): boolean {
  return Array.isArray(parsed) || Array.isArray(asRecord(parsed)?.segments);
}

export type SegmentsFile =
  | { ok: true; rows: readonly SegmentRow[] }
  | { ok: false; reason: string };

export function parseSegmentsFile(text: string): SegmentsFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  return isSegmentsDocument(parsed)
    ? { ok: true, rows: toSegmentRows(parsed) }
    : { ok: false, reason: 'not a segments array' };
}

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

export type SegmentsVariant = EpisodeSegments['variant'];

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
