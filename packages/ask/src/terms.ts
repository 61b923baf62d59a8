import { type CorpusSnapshot, perSnapshot } from '@podcast/corpus';

const TOKEN = /[\p{L}\p{N}]+/gu;

/**
 * Words a question is phrased with rather than what it asks about: counting
 * them would let "what did guests say about X" match every quote.
 */
const QUESTION_WORDS = new Set(
  (
    'a about above after again against all also am an and any anyone anything are as ask asked at ' +
    'be been before being between both but by can could did do does doing done during each either ' +
    'episode episodes ever for from get got guest guests had has have having he her here hers him ' +
    'his host hosts how i if in into is it its just know like make many me more most much my no ' +
    'nor not of on once one only or other our out over own people person podcast podcasts said same ' +
    'say saying says she should show shows so some someone something speaker speakers still such ' +
    'talk talked talking tell than that the their them then there these they think thinks this ' +
    'those thought through to too under until up us very was we were what when where whether ' +
    'which while who whom why will with would you your anybody everyone view views opinion ' +
    'opinions mention mentioned discuss discussed claim claims conclude concluded'
  ).split(' '),
);

/** A light stem: enough to match "pumps" with "pump" and "batteries" with "battery". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) {
    return `${word.slice(0, -3)}y`;
  }
  if (word.length > 5 && word.endsWith('ing')) {
    return word.slice(0, -3);
  }
  if (word.length > 4 && word.endsWith('ed')) {
    return word.slice(0, -2);
  }
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) {
    return word.slice(0, -1);
  }
  return word;
}

/** The stems of a text's words, each once. */
export function stemsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(TOKEN) ?? []).map(stem));
}

/** What the question asks about: its stems without the words questions are phrased with. */
export function questionTerms(question: string): string[] {
  const words = (question.toLowerCase().match(TOKEN) ?? []).filter(
    (word) => !QUESTION_WORDS.has(word) && word.length > 1,
  );
  return [...new Set(words.map(stem))];
}

export interface TermWeights {
  /** Inverse document frequency over insights and quotes; unseen stems weigh the most. */
  weightOf(term: string): number;
}

/** Document frequencies counted one text at a time: only the counts are kept. */
function termCounter() {
  const counts = new Map<string, number>();
  let documents = 0;
  return {
    add(text: string): void {
      documents += 1;
      for (const term of stemsOf(text)) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
    },
    weights(): TermWeights {
      const unseen = Math.log(1 + documents);
      return {
        weightOf: (term) => {
          const count = counts.get(term);
          return count === undefined ? unseen : Math.log(1 + documents / count);
        },
      };
    },
  };
}

/** IDF over `texts` (each an insight's or a quote's text), each counted as one document. */
export function termWeightsFrom(texts: Iterable<string>): TermWeights {
  const counter = termCounter();
  for (const text of texts) {
    counter.add(text);
  }
  return counter.weights();
}

/** `termWeightsFrom` over texts that arrive a page at a time. */
export async function termWeightsFromStream(texts: AsyncIterable<string>): Promise<TermWeights> {
  const counter = termCounter();
  for await (const text of texts) {
    counter.add(text);
  }
  return counter.weights();
}

/** Every insight and quote text of the snapshot's GI graphs. */
function* termTextsOf(snapshot: CorpusSnapshot): Generator<string> {
  for (const episode of snapshot.episodes) {
    const graph = episode.has_gi ? snapshot.graphOf(episode) : undefined;
    for (const insight of graph?.insights ?? []) {
      yield insight.text;
    }
    for (const quote of graph?.quotes ?? []) {
      yield quote.text;
    }
  }
}

/** IDF over every insight and quote text of the snapshot, computed once per snapshot. */
export const termWeightsOf = perSnapshot(
  (snapshot: CorpusSnapshot): TermWeights => termWeightsFrom(termTextsOf(snapshot)),
  'askTermWeights',
);
