import { encodeVectorTable } from './vector-table.js';

/** Tokens the tokenizer can produce; punctuation entries of the table would never be looked up. */
const WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The wink-embeddings JSON (`words` in frequency order, `vectors` keyed by
 * word, each `dimensions` values followed by its norm and index) turned into
 * the compact cache of the `limit` most frequent words.
 *
 * `JSON.parse` of the whole file takes many seconds and a gigabyte; this reads the
 * `words` array with JSON.parse and then walks the `vectors` object entry by
 * entry, stopping once every kept word has its vector.
 */
export function convertWinkJson(text: string, limit: number): Buffer {
  const header = JSON.parse(`${text.slice(0, text.indexOf(',"words":'))}}`) as {
    dimensions: number;
  };
  const wordsStart = text.indexOf('"words":') + '"words":'.length;
  const vectorsKey = text.indexOf(',"vectors":{', wordsStart);
  if (wordsStart < 8 || vectorsKey < 0) {
    throw new Error('word-vector source lacks "words" or "vectors"');
  }
  const all = JSON.parse(text.slice(wordsStart, vectorsKey)) as string[];
  const kept = all.filter((word) => WORD.test(word)).slice(0, limit);
  const wanted = new Set(kept);
  const found = new Map<string, number[]>();
  let at = vectorsKey + ',"vectors":{'.length;
  while (found.size < wanted.size && text[at] === '"') {
    const keyEnd = text.indexOf('":[', at + 1);
    const arrayEnd = text.indexOf(']', keyEnd);
    if (keyEnd < 0 || arrayEnd < 0) {
      break;
    }
    const word = JSON.parse(text.slice(at, keyEnd + 1)) as string;
    if (wanted.has(word)) {
      const values = text
        .slice(keyEnd + 3, arrayEnd)
        .split(',')
        .slice(0, header.dimensions);
      found.set(word, values.map(Number));
    }
    at = arrayEnd + 2;
  }
  const words = kept.filter((word) => found.has(word));
  return encodeVectorTable(
    words,
    words.map((word) => found.get(word) ?? []),
  );
}
