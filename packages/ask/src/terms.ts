import {
  type CorpusSnapshot,
  perSnapshot,
  stem,
  stemsOf,
  termDocumentsOf,
  wordsOf,
} from '@podcast/corpus';

export { stem, stemsOf };

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

/** What the question asks about: its stems without the words questions are phrased with. */
export function questionTerms(question: string): string[] {
  const words = wordsOf(question).filter((word) => !QUESTION_WORDS.has(word) && word.length > 1);
  return [...new Set(words.map(stem))];
}

export interface TermWeights {
  /** Inverse document frequency over insights and quotes; unseen stems weigh the most. */
  weightOf(term: string): number;
}

/**
 * IDF from document frequencies: `documents` texts in all, `counts` of the
 * texts holding each stem (a stem not there is one no text holds).
 */
export function termWeightsOfCounts(
  documents: number,
  counts: ReadonlyMap<string, number>,
): TermWeights {
  const unseen = Math.log(1 + documents);
  return {
    weightOf: (term) => {
      const count = counts.get(term);
      return count === undefined || count <= 0 ? unseen : Math.log(1 + documents / count);
    },
  };
}

/** IDF over `texts` (each an insight's or a quote's text), each counted as one document. */
export function termWeightsFrom(texts: Iterable<string>): TermWeights {
  const { documents, counts } = termDocumentsOf(texts);
  return termWeightsOfCounts(documents, counts);
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
