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

export type SegmentsVariant = EpisodeSegments['variant'];
