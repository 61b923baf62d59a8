import { hashedId } from './hashing.js';
import type { EpisodePlan, FeedPlan, Person, Topic } from './plan-types.js';
import { type Rng, roundTo } from './prng.js';
import { capitalizeFirst } from './text.js';
import type { RenderedTranscript, SpokenSpan } from './transcript.js';
import type { ClaimTemplate } from './vocabulary/sentences.js';
import { UNGROUNDED_INSIGHTS } from './vocabulary/sentences.js';

export interface QuoteModel {
  id: string;
  text: string;
  charStart: number;
  charEnd: number;
  startMs: number;
  endMs: number;
  speaker: Person;
}

/** One insight, independent of the GI lineage it is written in. */
export interface InsightModel {
  id: string;
  text: string;
  type: ClaimTemplate['type'];
  grounded: boolean;
  quotes: QuoteModel[];
  about: Array<{ topic: Topic; confidence: number }>;
  speaker: Person;
  positionHint: number | undefined;
  confidence: number;
  salience: number;
  rank: number;
  tier: number;
  routingTag: 'surface' | 'connect' | 'drop';
  surfaceable: boolean;
  supportScores: Array<{ nli: number; qa: number }>;
}

function quoteFrom(
  episodeId: string,
  span: SpokenSpan,
  transcript: RenderedTranscript,
): QuoteModel {
  const segment = transcript.segments[span.segmentIndex];
  return {
    id: hashedId('quote', `${episodeId}|${span.charStart}-${span.charEnd}`),
    text: transcript.text.slice(span.charStart, span.charEnd),
    charStart: span.charStart,
    charEnd: span.charEnd,
    startMs: Math.round((segment?.start ?? 0) * 1000),
    endMs: Math.round((segment?.end ?? 0) * 1000),
    speaker: span.speaker,
  };
}

function groundedInsights(
  rng: Rng,
  episode: EpisodePlan,
  transcript: RenderedTranscript,
): Array<Omit<InsightModel, 'id' | 'rank' | 'tier' | 'routingTag' | 'surfaceable'>> {
  const candidates = transcript.spans.filter((span) => span.sentence.claim);
  const chosen = rng.sample(candidates, rng.int(3, 6)).sort((a, b) => a.charStart - b.charStart);
  return chosen.map((span) => {
    // A second supporting quote is the speaker's next sentence in the same turn: context, not a new claim.
    const next = transcript.spans.find(
      (other) => other.segmentIndex === span.segmentIndex + 1 && other.lineIndex === span.lineIndex,
    );
    const spans = next && !chosen.includes(next) && rng.chance(0.4) ? [span, next] : [span];
    const { topic, secondTopic, claim } = span.sentence;
    return {
      text: claim?.insight ?? span.sentence.text,
      type: claim?.type ?? 'claim',
      grounded: true,
      quotes: spans.map((s) => quoteFrom(episode.episodeId, s, transcript)),
      about: [
        { topic, confidence: rng.float(0.78, 0.98, 2) },
        ...(secondTopic ? [{ topic: secondTopic, confidence: rng.float(0.5, 0.75, 2) }] : []),
      ],
      speaker: span.speaker,
      positionHint: roundTo(span.charStart / transcript.text.length, 3),
      confidence: rng.float(0.7, 0.97, 2),
      salience: rng.float(0.45, 0.97, 3),
      supportScores: spans.map((_, i) =>
        i === 0
          ? { nli: rng.float(0.8, 0.99, 3), qa: rng.float(0.65, 0.97, 3) }
          : { nli: rng.float(0.55, 0.8, 3), qa: rng.float(0.4, 0.7, 3) },
      ),
    };
  });
}

function ungroundedInsights(
  rng: Rng,
  feed: FeedPlan,
  episode: EpisodePlan,
): ReturnType<typeof groundedInsights> {
  const [t, u] = episode.topics as [Topic, Topic | undefined];
  return rng.sample(UNGROUNDED_INSIGHTS, rng.int(1, 2)).map((template) => ({
    text: capitalizeFirst(
      template.text.replace('{t}', t.label).replace('{u}', u?.label ?? 'related questions'),
    ),
    type: template.type,
    grounded: false,
    quotes: [],
    about: [{ topic: t, confidence: rng.float(0.55, 0.8, 2) }],
    speaker: episode.guests[0] ?? (feed.hosts[0] as Person),
    positionHint: undefined,
    confidence: rng.float(0.45, 0.7, 2),
    salience: rng.float(0.2, 0.5, 3),
    supportScores: [],
  }));
}

/**
 * Picks 3-6 claims as grounded insights (some get a second supporting quote),
 * adds 1-2 ungrounded ones, then ranks by salience.
 * In about a third of episodes the weakest insight is routed to `drop`.
 */
export function extractInsights(
  rng: Rng,
  feed: FeedPlan,
  episode: EpisodePlan,
  transcript: RenderedTranscript,
): InsightModel[] {
  const drafts = [
    ...groundedInsights(rng, episode, transcript),
    ...ungroundedInsights(rng, feed, episode),
  ];
  const bySalience = drafts
    .map((_, i) => i)
    .sort((a, b) => (drafts[b]?.salience ?? 0) - (drafts[a]?.salience ?? 0) || a - b);
  const dropIndex = rng.chance(1 / 3) ? bySalience.at(-1) : undefined;
  return drafts.map((draft, index) => {
    const rank = bySalience.indexOf(index) + 1;
    const tier = rank === 1 ? 0 : draft.salience >= 0.7 ? 1 : draft.salience >= 0.45 ? 2 : 3;
    const isDropped = index === dropIndex;
    return {
      ...draft,
      id: hashedId('insight', `${episode.episodeId}|${index}`),
      rank,
      tier,
      routingTag: isDropped ? 'drop' : tier <= 1 ? 'surface' : 'connect',
      surfaceable: !isDropped,
    };
  });
}
