/**
 * The words of a text as ask weighs and matches them. Here, below both ask
 * and the corpus index, so the index's running term counts and ask's
 * matching cannot split a text differently.
 */

const TOKEN = /[\p{L}\p{N}]+/gu;

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

/** The lower-cased words of a text, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

/** The stems of a text's words, each once. */
export function stemsOf(text: string): Set<string> {
  return new Set(wordsOf(text).map(stem));
}

/**
 * Document frequencies of `texts`, each text one document: how many texts
 * hold each stem, and how many texts there were.
 */
export function termDocumentsOf(texts: Iterable<string>): {
  documents: number;
  counts: Map<string, number>;
} {
  const counts = new Map<string, number>();
  let documents = 0;
  for (const text of texts) {
    documents += 1;
    for (const term of stemsOf(text)) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  return { documents, counts };
}
