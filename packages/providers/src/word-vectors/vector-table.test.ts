import { describe, expect, it } from '@jest/globals';
import { convertWinkJson } from './convert-wink.js';
import { decodeVectorTable, encodeVectorTable } from './vector-table.js';

function winkJson(entries: [string, number[]][]) {
  const words = entries.map(([word]) => word);
  const vectors = Object.fromEntries(entries.map(([word, v], i) => [word, [...v, 1, i]]));
  return JSON.stringify({
    precision: 8,
    l2NormIndex: 3,
    wordIndex: 4,
    size: 5,
    dimensions: 3,
    words,
    vectors,
    unkVector: [0, 0, 0],
  });
}

describe('word-vector cache', () => {
  it('round-trips words and unit vectors within int8 precision', () => {
    const table = decodeVectorTable(
      encodeVectorTable(
        ['sleep', 'été'],
        [
          [3, 4, 0],
          [0, -2, 0],
        ],
      ),
    );
    expect(table.words).toEqual(['sleep', 'été']);
    expect(table.rankOf.get('été')).toBe(1);
    const first = [0, 1, 2].map((d) => (table.values[d] ?? 0) * (table.scales[0] ?? 0));
    expect(first[0]).toBeCloseTo(0.6, 2);
    expect(first[1]).toBeCloseTo(0.8, 2);
    expect((table.values[4] ?? 0) * (table.scales[1] ?? 0)).toBeCloseTo(-1, 2);
  });

  it('refuses a file that is not a cache or is cut short', () => {
    expect(() => decodeVectorTable(Buffer.from('nope nope nope nope'))).toThrow('bad magic');
    const bytes = encodeVectorTable(['a'], [[1, 0]]);
    expect(() => decodeVectorTable(bytes.subarray(0, bytes.length - 1))).toThrow('truncated');
  });

  it('keeps the most frequent word tokens of a wink table, skipping punctuation', () => {
    const json = winkJson([
      ['the', [1, 0, 0]],
      [',', [0, 1, 0]],
      ['"quoted"', [0, 1, 1]],
      ['sleep', [0, 0, 1]],
      ['insomnia', [0, 1, 1]],
    ]);
    const table = decodeVectorTable(convertWinkJson(json, 2));
    expect(table.words).toEqual(['the', 'sleep']);
    expect(table.dimensions).toBe(3);
    expect((table.values[5] ?? 0) * (table.scales[1] ?? 0)).toBeCloseTo(1, 2);
  });
});
