import type { AskEvidence } from '@podcast/contracts';
import {
  displayNameIn,
  type EpisodeLayers,
  type EpisodeRecord,
  type NormalizedQuote,
  quotesOfInsight,
  speakersOfQuotes,
} from '@podcast/corpus';
import type { Candidate } from './candidates.js';
import { stemsOf } from './terms.js';
import { type LocatedSegment, type RawTranscript, spanOf } from './transcripts.js';

/** One candidate's chosen passage, checked against the transcript, before ranking. */
export interface Passage {
  candidate: Candidate;
  insight: AskEvidence['insight'];
  quoteId: string | null;
  quoteText: string;
  speakerId: string | null;
  start_s: number;
  end_s: number;
  charStart: number;
  charEnd: number;
  transcriptRelpath: string;
}

/** Where the app opens an episode playing from `seconds` (the player reads `t`). */
export function playUrl(slug: string, seconds: number): string {
  return `/episodes/${encodeURIComponent(slug)}?t=${Math.floor(seconds)}`;
}

function overlapWith(terms: readonly string[], text: string): number {
  const stems = stemsOf(text);
  return terms.filter((term) => stems.has(term)).length;
}

/**
 * Times of a passage: the quote's own when they fall inside the segments
 * holding its characters, else those segments' span, so a played link
 * always lands inside what was said. Undefined when no segment holds it.
 */
function timesOf(
  transcript: RawTranscript,
  charStart: number,
  charEnd: number,
  quote?: NormalizedQuote,
): { start_s: number; end_s: number } | undefined {
  const span = spanOf(transcript.segments, charStart, charEnd);
  const start =
    quote?.timestamp_start_ms === undefined ? undefined : quote.timestamp_start_ms / 1000;
  const end = quote?.timestamp_end_ms === undefined ? undefined : quote.timestamp_end_ms / 1000;
  if (span === undefined) {
    return undefined;
  }
  if (start !== undefined && end !== undefined && span.start <= start && end <= span.end) {
    return { start_s: start, end_s: Math.max(start, end) };
  }
  return { start_s: span.start, end_s: span.end };
}

/** The insight's quotes that are verbatim at their offsets, the ones the hits matched first. */
function verbatimQuotes(candidate: Candidate, transcript: RawTranscript, terms: readonly string[]) {
  const insight = candidate.graph?.insights.find((i) => i.id === candidate.insightId);
  const quotes = insight
    ? quotesOfInsight(candidate.graph as NonNullable<Candidate['graph']>, insight)
    : (candidate.graph?.quotes ?? []).filter((q) => candidate.matchedQuoteIds.includes(q.id));
  const rankOf = (quote: NormalizedQuote) => {
    const matched = candidate.matchedQuoteIds.indexOf(quote.id);
    return (matched < 0 ? 0 : 100 - matched) + overlapWith(terms, quote.text);
  };
  // Ranked once each: the sort would tokenise a quote on every comparison.
  return quotes
    .filter(
      (q) =>
        q.char_start !== undefined &&
        q.char_end !== undefined &&
        q.text !== '' &&
        transcript.text.slice(q.char_start, q.char_end) === q.text,
    )
    .map((quote) => ({ quote, rank: rankOf(quote) }))
    .sort((a, b) => b.rank - a.rank)
    .map(({ quote }) => quote);
}

/**
 * The passage a candidate answers with: its insight's best verbatim quote,
 * or for a bare transcript chunk the segment inside it sharing most words
 * with the question. Undefined when nothing verbatim and timed is found:
 * such a candidate is never shown.
 */
export function passageOf(
  candidate: Candidate,
  transcript: RawTranscript | undefined,
  terms: readonly string[],
): Passage | undefined {
  if (transcript === undefined) {
    return undefined;
  }
  const insight = candidate.graph?.insights.find((i) => i.id === candidate.insightId);
  const base = {
    candidate,
    insight: insight ? { id: insight.id, text: insight.text, grounded: insight.grounded } : null,
    transcriptRelpath: transcript.relpath,
  };
  if (candidate.chunk === undefined) {
    for (const quote of verbatimQuotes(candidate, transcript, terms)) {
      const charStart = quote.char_start as number;
      const charEnd = quote.char_end as number;
      const times = timesOf(transcript, charStart, charEnd, quote);
      if (times) {
        const speaker = speakersOfQuotes([quote], undefined)[0] ?? null;
        return {
          ...base,
          ...times,
          quoteId: quote.id,
          quoteText: quote.text,
          speakerId: speaker,
          charStart,
          charEnd,
        };
      }
    }
    return undefined;
  }
  const { char_start, char_end } = candidate.chunk;
  const inside = transcript.segments.filter(
    (s) => s.char_start >= char_start && s.char_end <= char_end && s.text.trim().length > 20,
  );
  // The first segment sharing most words, each segment tokenised once.
  let best: LocatedSegment | undefined;
  let bestOverlap = -1;
  for (const segment of inside) {
    const overlap = overlapWith(terms, segment.text);
    if (overlap > bestOverlap) {
      best = segment;
      bestOverlap = overlap;
    }
  }
  if (best === undefined) {
    return undefined;
  }
  return {
    ...base,
    quoteId: null,
    quoteText: best.text,
    speakerId: null,
    start_s: best.start,
    end_s: best.end,
    charStart: best.char_start,
    charEnd: best.char_end,
  };
}

function speakerOf(layers: EpisodeLayers, episode: EpisodeRecord, id: string | null) {
  if (id === null) {
    return null;
  }
  const graph = layers.graphOf(episode);
  const name =
    displayNameIn(layers.bridgeOf(episode), id) ??
    graph?.persons.find((p) => p.id === id)?.name ??
    graph?.quotes.find((q) => q.speaker_id === id && q.speaker_name)?.speaker_name;
  return { id, display_name: name ?? id };
}

/** A ranked passage as the wire's evidence item, numbered from 1. */
export function evidenceOf(
  layers: EpisodeLayers,
  passage: Passage,
  n: number,
  score: number,
  contradicts: string | null,
): AskEvidence {
  const { episode } = passage.candidate;
  return {
    n,
    quote: { id: passage.quoteId, text: passage.quoteText },
    insight: passage.insight,
    speaker: speakerOf(layers, episode, passage.speakerId),
    episode: {
      episode_id: episode.episode_id ?? '',
      slug: episode.slug,
      title: episode.title,
      show: episode.podcast_title,
      feed_id: episode.feed_id,
      publish_date: episode.publish_date,
    },
    start_s: passage.start_s,
    end_s: passage.end_s,
    play_url: playUrl(episode.slug, passage.start_s),
    transcript: {
      relpath: passage.transcriptRelpath,
      char_start: passage.charStart,
      char_end: passage.charEnd,
    },
    score: Number(score.toFixed(4)),
    contradicts,
  };
}
