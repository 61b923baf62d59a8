import {
  type PlacedSegment,
  segmentAtChar,
  segmentAtMs,
  type TranscriptText,
} from './transcript-text.js';

/** Where a quote sits: in the text, on the timeline, and who says it. */
export interface Anchor {
  charStart: number;
  charEnd: number;
  startMs: number;
  endMs: number;
  speaker: string | null;
}

/** A fuzzy match must share this share of the quote's words, in a window of its length. */
export const FUZZY_MIN_SCORE = 0.75;
/** A moment tapped this far from any segment has no sentence. */
const MOMENT_TOLERANCE_MS = 30_000;

function anchorOf(t: TranscriptText, charStart: number, charEnd: number): Anchor {
  const first = segmentAtChar(t, charStart);
  const last = segmentAtChar(t, Math.max(charStart, charEnd - 1));
  return {
    charStart,
    charEnd,
    startMs: first?.startMs ?? 0,
    endMs: last?.endMs ?? first?.endMs ?? 0,
    speaker: first?.speaker ?? null,
  };
}

/** The candidate nearest the hint (or the first when there is none). */
function nearest(candidates: readonly number[], hint: number | undefined): number | undefined {
  if (hint === undefined) {
    return candidates[0];
  }
  return candidates.reduce<number | undefined>(
    (best, c) => (best === undefined || Math.abs(c - hint) < Math.abs(best - hint) ? c : best),
    undefined,
  );
}

function exactMatches(text: string, quote: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    found.push(at);
  }
  return found;
}

interface Word {
  word: string;
  start: number;
  end: number;
}

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}']+/gu)) {
    words.push({
      word: match[0].toLowerCase().replace(/'/g, ''),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return words;
}

/**
 * The best window of the transcript with as many words as the quote, scored
 * by the share of the quote's words (as a multiset) it holds: one pass with
 * running counts. Ties go to the window nearest the hint.
 */
function fuzzyMatch(
  t: TranscriptText,
  quote: string,
  hint: number | undefined,
): { start: number; end: number; score: number; edges: number } | undefined {
  const wanted = wordsOf(quote);
  const words = wordsOf(t.text);
  const n = wanted.length;
  if (n === 0 || words.length < n) {
    return undefined;
  }
  const need = new Map<string, number>();
  for (const { word } of wanted) {
    need.set(word, (need.get(word) ?? 0) + 1);
  }
  const have = new Map<string, number>();
  let matched = 0;
  const add = (word: string, delta: 1 | -1) => {
    const before = have.get(word) ?? 0;
    const limit = need.get(word) ?? 0;
    have.set(word, before + delta);
    if (delta === 1 && before < limit) {
      matched += 1;
    } else if (delta === -1 && before <= limit) {
      matched -= 1;
    }
  };
  // Ranked by shared words, then by how many of its two ends agree with the
  // quote's (so a window shifted by one word loses to the aligned one), then
  // by nearness to the hint.
  let best: { start: number; end: number; score: number; edges: number } | undefined;
  const firstWanted = (wanted[0] as Word).word;
  const lastWanted = (wanted[n - 1] as Word).word;
  for (let i = 0; i < words.length; i += 1) {
    add((words[i] as Word).word, 1);
    if (i >= n) {
      add((words[i - n] as Word).word, -1);
    }
    if (i < n - 1) {
      continue;
    }
    const first = words[i - n + 1] as Word;
    const last = words[i] as Word;
    const score = matched / n;
    const edges = Number(first.word === firstWanted) + Number(last.word === lastWanted);
    const better =
      best === undefined ||
      score > best.score ||
      (score === best.score && edges > best.edges) ||
      (score === best.score &&
        edges === best.edges &&
        hint !== undefined &&
        Math.abs(first.start - hint) < Math.abs(best.start - hint));
    if (better) {
      best = { start: first.start, end: last.end, score, edges };
    }
  }
  return best && best.score >= FUZZY_MIN_SCORE ? best : undefined;
}

/**
 * Finds a quote in the transcript: verbatim first (the occurrence nearest
 * the hint), then by a fuzzy match of its words. Undefined when neither finds it.
 */
export function findQuote(t: TranscriptText, quote: string, hintChar?: number): Anchor | undefined {
  const exact = nearest(exactMatches(t.text, quote), hintChar);
  if (exact !== undefined) {
    return anchorOf(t, exact, exact + quote.length);
  }
  const fuzzy = fuzzyMatch(t, quote, hintChar);
  if (!fuzzy) {
    return undefined;
  }
  // The window ends on a word: take the punctuation closing it too (`way.`).
  const trailing = /^[.,!?;:'"\u2019\u201d)\]]*/.exec(t.text.slice(fuzzy.end))?.[0] ?? '';
  return anchorOf(t, fuzzy.start, fuzzy.end + trailing.length);
}

/** The character offset where the transcript is at `ms` (for a hint). */
export function charAtMs(t: TranscriptText, ms: number): number | undefined {
  return segmentAtMs(t, ms, Number.POSITIVE_INFINITY)?.charStart;
}

/** Sentences of a segment as character ranges of the transcript. */
function sentencesOf(t: TranscriptText, segment: PlacedSegment): [number, number][] {
  const text = t.text.slice(segment.charStart, segment.charEnd);
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(/[^.!?]+(?:[.!?]+|$)/g)) {
    const lead = match[0].length - match[0].trimStart().length;
    const body = match[0].trim();
    if (body.length > 0) {
      const start = segment.charStart + match.index + lead;
      ranges.push([start, start + body.length]);
    }
  }
  return ranges;
}

/**
 * A moment: the sentence being spoken at `ms`. Within a segment of several
 * sentences the one at the same share of the segment's time is taken.
 */
export function momentAt(t: TranscriptText, ms: number): (Anchor & { quote: string }) | undefined {
  const segment = segmentAtMs(t, ms, MOMENT_TOLERANCE_MS);
  if (!segment) {
    return undefined;
  }
  const sentences = sentencesOf(t, segment);
  const span = Math.max(1, segment.endMs - segment.startMs);
  const share = Math.min(1, Math.max(0, (ms - segment.startMs) / span));
  const at = segment.charStart + share * (segment.charEnd - segment.charStart);
  const chosen = sentences.find(([, end]) => at <= end) ??
    sentences[sentences.length - 1] ?? [segment.charStart, segment.charEnd];
  const [start, end] = chosen;
  return { ...anchorOf(t, start, end), quote: t.text.slice(start, end) };
}
