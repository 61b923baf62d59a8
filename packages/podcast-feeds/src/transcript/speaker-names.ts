import type { TranscriptCue } from './cues.js';

/** A transcript segment as the corpus reads it (spec 01 segments contract); times in seconds. */
export interface SpeakerSegment {
  start: number;
  end: number;
  text: string;
  /** The diarization label (`SPEAKER_00`) or a person id, when the file names one. */
  speaker?: string;
  /** The person the segments file itself puts beside the label, when it does. */
  person_id?: string;
}

/** Who said a stretch of the episode: a quote's time range and its speaker's person id. */
export interface SpokenRange {
  start: number;
  end: number;
  personId: string;
}

const overlaps = (segment: SpeakerSegment, range: SpokenRange) =>
  segment.start < range.end && range.start < segment.end;

/** The one person most quotes put on a label, or undefined on a tie. */
function winnerOf(votes: ReadonlyMap<string, number>): string | undefined {
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  return first !== undefined && (second === undefined || first[1] > second[1])
    ? first[0]
    : undefined;
}

/**
 * Who each diarization label is: the person the quotes overlapping the
 * label's segments were spoken by (their SPOKEN_BY target), by majority;
 * a tie names nobody. Segments that carry a person id need no vote.
 */
export function labelPersons(
  segments: readonly SpeakerSegment[],
  spoken: readonly SpokenRange[],
): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const range of spoken) {
    for (const segment of segments) {
      const label = segment.speaker;
      if (label === undefined || label.startsWith('person:') || !overlaps(segment, range)) {
        continue;
      }
      const tally = votes.get(label) ?? new Map<string, number>();
      tally.set(range.personId, (tally.get(range.personId) ?? 0) + 1);
      votes.set(label, tally);
    }
  }
  const persons = new Map<string, string>();
  for (const [label, tally] of votes) {
    const person = winnerOf(tally);
    if (person !== undefined) {
      persons.set(label, person);
    }
  }
  return persons;
}

/** The person a segment is spoken by, when the file or the quotes say. */
function personOf(segment: SpeakerSegment, byLabel: ReadonlyMap<string, string>) {
  const label = segment.speaker;
  if (segment.person_id !== undefined) {
    return segment.person_id;
  }
  return label?.startsWith('person:') ? label : label && byLabel.get(label);
}

/**
 * Transcript cues with the speaker's display name where the corpus knows
 * it: the person the segment names, else its label's person
 * (`labelPersons`); `nameOf` resolves a person id (bridge, then KG, then
 * the quote's own name). A label nobody can be put on stays unnamed rather
 * than `SPEAKER_00`.
 */
export function namedCues(
  segments: readonly SpeakerSegment[],
  spoken: readonly SpokenRange[],
  nameOf: (personId: string) => string | undefined,
): TranscriptCue[] {
  const byLabel = labelPersons(segments, spoken);
  return segments.map((segment) => {
    const person = personOf(segment, byLabel);
    const speaker = person ? nameOf(person) : undefined;
    return {
      start: segment.start,
      end: segment.end,
      text: segment.text,
      ...(speaker === undefined ? {} : { speaker }),
    };
  });
}
