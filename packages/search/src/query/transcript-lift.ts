import { displayNameIn, type NormalizedBridge, type NormalizedGraph } from '@podcast/corpus';

/** `cil_lift_overrides.json` (spec 04 §1.3), all optional. */
export interface LiftOverrides {
  transcript_char_shift: number;
  entity_id_aliases: Readonly<Record<string, string>>;
  topic_id_aliases: Readonly<Record<string, string>>;
}

export const NO_LIFT_OVERRIDES: LiftOverrides = {
  transcript_char_shift: 0,
  entity_id_aliases: {},
  topic_id_aliases: {},
};

export interface LiftedHit {
  insight: {
    id: string;
    text: string;
    grounded: boolean;
    insight_type?: string;
    position_hint?: number;
  };
  quote: { id: string; timestamp_start_ms?: number; timestamp_end_ms?: number };
  speaker?: { id: string; display_name: string };
  topic?: { id: string; display_name: string };
}

function overlap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));
}

function named(
  id: string | undefined,
  bridge: NormalizedBridge | undefined,
  fallback: ReadonlyMap<string, string>,
) {
  if (id === undefined) {
    return undefined;
  }
  return { id, display_name: displayNameIn(bridge, id) ?? fallback.get(id) ?? id };
}

/**
 * Spec 04 §5.4: the GI quote overlapping a transcript chunk most, the insight
 * it supports, that insight's first topic and the quote's speaker, with
 * display names from the bridge. Undefined when no quote overlaps.
 */
export function liftTranscriptHit(
  range: { char_start: number; char_end: number },
  graph: NormalizedGraph,
  bridge: NormalizedBridge | undefined,
  overrides: LiftOverrides = NO_LIFT_OVERRIDES,
): LiftedHit | undefined {
  const start = range.char_start + overrides.transcript_char_shift;
  const end = range.char_end + overrides.transcript_char_shift;
  let best: { quote: NormalizedGraph['quotes'][number]; size: number } | undefined;
  for (const quote of graph.quotes) {
    const size = overlap(start, end, quote.char_start ?? -1, quote.char_end ?? -1);
    if (size > 0 && (best === undefined || size > best.size)) {
      best = { quote, size };
    }
  }
  const quote = best?.quote;
  const insight = quote && graph.insights.find((i) => i.quoteIds.includes(quote.id));
  if (quote === undefined || insight === undefined) {
    return undefined;
  }
  const alias = (map: Readonly<Record<string, string>>, id: string | undefined) =>
    id === undefined ? undefined : (map[id] ?? id);
  const topicId = alias(
    overrides.topic_id_aliases,
    insight.topicIds.find((id) => id.startsWith('topic:')),
  );
  const speakerId = alias(
    overrides.entity_id_aliases,
    quote.speaker_id?.startsWith('person:') ? quote.speaker_id : undefined,
  );
  const labels = new Map<string, string>([
    ...graph.topics.map((t): [string, string] => [t.id, t.label]),
    ...graph.persons.map((p): [string, string] => [p.id, p.name]),
  ]);
  return {
    insight: {
      id: insight.id,
      text: insight.text,
      grounded: insight.grounded,
      ...(insight.insight_type === undefined ? {} : { insight_type: insight.insight_type }),
      ...(insight.position_hint === undefined ? {} : { position_hint: insight.position_hint }),
    },
    quote: {
      id: quote.id,
      timestamp_start_ms: quote.timestamp_start_ms,
      timestamp_end_ms: quote.timestamp_end_ms,
    },
    speaker: named(speakerId, bridge, labels),
    topic: named(topicId, bridge, labels),
  };
}
