import { readFile } from 'node:fs/promises';
import {
  type CorpusPlace,
  type EpisodeRecord,
  readSegments,
  resolveServedFile,
  transcriptFamilyOf,
} from '@podcast/corpus';

/** A raw-transcript segment with the character range its text occupies. */
export interface LocatedSegment {
  start: number;
  end: number;
  text: string;
  char_start: number;
  char_end: number;
}

/** The raw transcript of an episode (the text GI offsets refer to) and its located segments. */
export interface RawTranscript {
  relpath: string;
  text: string;
  segments: readonly LocatedSegment[];
}

export type TranscriptReader = (episode: EpisodeRecord) => Promise<RawTranscript | undefined>;

/**
 * Each segment's place in the transcript, searched forward from the
 * previous one, so a sentence said twice is found where it was said.
 * A segment whose text is not in the transcript is left out.
 */
export function locateSegments(
  text: string,
  segments: readonly { start: number; end: number; text: string }[],
): LocatedSegment[] {
  const located: LocatedSegment[] = [];
  let from = 0;
  for (const segment of segments) {
    const at = segment.text === '' ? -1 : text.indexOf(segment.text, from);
    if (at >= 0) {
      located.push({ ...segment, char_start: at, char_end: at + segment.text.length });
      from = at + segment.text.length;
    }
  }
  return located;
}

/**
 * The segments a character range touches, as one time span; undefined
 * when the range lies outside every segment.
 */
export function spanOf(
  segments: readonly LocatedSegment[],
  charStart: number,
  charEnd: number,
): { start: number; end: number } | undefined {
  const touched = segments.filter((s) => s.char_start < charEnd && charStart < s.char_end);
  const first = touched[0];
  const last = touched[touched.length - 1];
  return first && last ? { start: first.start, end: last.end } : undefined;
}

/**
 * A transcript's text, read only where the file routes would serve it: a
 * file that is (or links into) a dot-folder or out of the root reads as absent.
 */
async function readServedText(root: string, relpath: string): Promise<string | undefined> {
  try {
    return await readFile(await resolveServedFile(root, relpath, 'relpath'), 'utf8');
  } catch {
    return undefined;
  }
}

/** How many raw transcripts an answer's reader keeps, and how many characters of text and segments. */
interface TranscriptCacheLimits {
  entries: number;
  chars: number;
}

/**
 * An answer reads a transcript for each of its candidates, a different
 * handful per question; reading one again costs two file reads, a parse and
 * a scan, several times the rest of the answer. The bound is in characters
 * as well, since an episode's transcript ranges from a page to a book.
 */
const TRANSCRIPT_CACHE: TranscriptCacheLimits = { entries: 1024, chars: 16 * 1024 * 1024 };

const charsOf = (transcript: RawTranscript | undefined) =>
  transcript === undefined
    ? 0
    : transcript.segments.reduce(
        (sum, segment) => sum + segment.text.length,
        transcript.text.length,
      );

/**
 * Reads raw transcripts from the corpus, keeping the most recently used
 * within `limits`: the same episodes come back for related questions.
 * A read that fails is not kept.
 */
export function corpusTranscripts(
  place: CorpusPlace,
  limits: TranscriptCacheLimits = TRANSCRIPT_CACHE,
): TranscriptReader {
  const kept = new Map<string, { value: Promise<RawTranscript | undefined>; chars: number }>();
  let chars = 0;
  const evict = () => {
    for (const [key, entry] of kept) {
      if (kept.size <= limits.entries && chars <= limits.chars) {
        return;
      }
      kept.delete(key);
      chars -= entry.chars;
    }
  };
  const load = async (episode: EpisodeRecord): Promise<RawTranscript | undefined> => {
    const family = transcriptFamilyOf(episode.transcript_relpath);
    if (family === undefined) {
      return undefined;
    }
    const [text, segments] = await Promise.all([
      readServedText(place.root, family.txt),
      readSegments(place, episode, undefined, ['raw']),
    ]);
    if (text === undefined) {
      return undefined;
    }
    return { relpath: family.txt, text, segments: locateSegments(text, segments?.segments ?? []) };
  };
  return (episode) => {
    const key = episode.metadata_relpath;
    const known = kept.get(key);
    if (known !== undefined) {
      kept.delete(key);
      kept.set(key, known);
      return known.value;
    }
    const entry = { value: load(episode), chars: 0 };
    kept.set(key, entry);
    evict();
    // Sized once read; an entry dropped meanwhile is not counted.
    entry.value.then(
      (transcript) => {
        if (kept.get(key) === entry) {
          entry.chars = charsOf(transcript);
          chars += entry.chars;
          evict();
        }
      },
      () => {
        if (kept.get(key) === entry) {
          kept.delete(key);
        }
      },
    );
    return entry.value;
  };
}
