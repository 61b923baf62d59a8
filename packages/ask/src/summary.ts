import type { AskEvidence } from '@podcast/contracts';

export interface SummarySentence {
  text: string;
  cites: number[];
}

export interface Summary {
  sentences: SummarySentence[];
  model: string;
}

/** Writes a summary of the evidence, or null when there is none to give (error, timeout, guard). */
export type Summarizer = (
  question: string,
  evidence: readonly AskEvidence[],
) => Promise<Summary | null>;

/** Spec: a summary has at most five sentences. */
export const MAX_SENTENCES = 5;

const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
/** A sentence ends at . ! or ? followed by its citations, then space or the end. */
const SENTENCE = /[^.!?]+[.!?]+(?:\s*\[[\d,\s]+\])*(?=\s|$)/g;

/**
 * Splits the model's text into sentences and keeps those whose citations
 * all name evidence items: one without a citation, or citing a number no
 * item has, is unsupported and dropped. Only the first MAX_SENTENCES count;
 * when fewer than half of them survive, the whole summary is dropped (null).
 */
export function checkedSentences(text: string, evidenceCount: number): SummarySentence[] | null {
  const written = (text.replace(/\s+/g, ' ').match(SENTENCE) ?? [])
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .slice(0, MAX_SENTENCES);
  const kept: SummarySentence[] = [];
  for (const sentence of written) {
    const cites = [...sentence.matchAll(CITATION)].flatMap((m) =>
      (m[1] ?? '').split(',').map((n) => Number(n.trim())),
    );
    const valid = cites.length > 0 && cites.every((n) => n >= 1 && n <= evidenceCount);
    if (valid) {
      const plain = sentence
        .replace(CITATION, '')
        .replace(/\s+([.!?])/g, '$1')
        .trim();
      kept.push({ text: plain, cites: [...new Set(cites)].sort((a, b) => a - b) });
    }
  }
  return kept.length === 0 || kept.length * 2 < written.length ? null : kept;
}

/** The chat request: the numbered evidence and the rules the answer is checked against. */
export function summaryPrompt(question: string, evidence: readonly AskEvidence[]) {
  const items = evidence
    .map((e) => {
      const who = e.speaker?.display_name ?? 'a speaker';
      const show = e.episode.show ?? 'a podcast';
      return `[${e.n}] ${who} (${show}, "${e.episode.title ?? ''}"): "${e.quote.text}"`;
    })
    .join('\n');
  return [
    {
      role: 'system' as const,
      content:
        'You summarise podcast evidence. Use only the numbered quotes given. Write at most ' +
        `${MAX_SENTENCES} sentences. End every sentence with the numbers of the quotes it rests ` +
        'on in square brackets, like [1] or [2, 3]. Add nothing the quotes do not say.',
    },
    { role: 'user' as const, content: `Question: ${question}\n\nQuotes:\n${items}` },
  ];
}
