/**
 * The compact word-vector cache: the most frequent words of a pretrained
 * table, each vector unit-normalised and quantised to int8 with its own
 * scale. 100,000 words x 100 dimensions is ~10 MB and loads with one read.
 *
 * Layout (little endian): "PWV1", u32 dimensions, u32 count, u32 byte length
 * of the words (UTF-8, joined by "\n"), the words, zero padding to 4 bytes,
 * f32 scale per word, then count x dimensions int8 values in frequency order.
 */
export interface VectorTable {
  readonly dimensions: number;
  /** Words in frequency order (rank 0 is the most frequent). */
  readonly words: readonly string[];
  readonly rankOf: ReadonlyMap<string, number>;
  readonly scales: Float32Array;
  readonly values: Int8Array;
}

const MAGIC = 'PWV1';
const HEADER_BYTES = 16;

export function encodeVectorTable(words: readonly string[], vectors: readonly ArrayLike<number>[]) {
  const dimensions = vectors[0]?.length ?? 0;
  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const padded = Math.ceil(wordBytes.length / 4) * 4;
  const out = Buffer.alloc(HEADER_BYTES + padded + words.length * (4 + dimensions));
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(dimensions, 4);
  out.writeUInt32LE(words.length, 8);
  out.writeUInt32LE(wordBytes.length, 12);
  wordBytes.copy(out, HEADER_BYTES);
  const scaleAt = HEADER_BYTES + padded;
  const valueAt = scaleAt + words.length * 4;
  vectors.forEach((vector, row) => {
    const norm = Math.hypot(...Array.from(vector)) || 1;
    let maxAbs = 0;
    for (let d = 0; d < dimensions; d++) {
      maxAbs = Math.max(maxAbs, Math.abs((vector[d] ?? 0) / norm));
    }
    const scale = maxAbs > 0 ? maxAbs / 127 : 1;
    out.writeFloatLE(scale, scaleAt + row * 4);
    for (let d = 0; d < dimensions; d++) {
      out.writeInt8(Math.round((vector[d] ?? 0) / norm / scale), valueAt + row * dimensions + d);
    }
  });
  return out;
}

export function decodeVectorTable(bytes: Buffer): VectorTable {
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 4) !== MAGIC) {
    throw new Error('not a word-vector cache (bad magic)');
  }
  const dimensions = bytes.readUInt32LE(4);
  const count = bytes.readUInt32LE(8);
  const wordLength = bytes.readUInt32LE(12);
  const scaleAt = HEADER_BYTES + Math.ceil(wordLength / 4) * 4;
  const valueAt = scaleAt + count * 4;
  if (bytes.length !== valueAt + count * dimensions) {
    throw new Error('word-vector cache is truncated');
  }
  const words = bytes.toString('utf8', HEADER_BYTES, HEADER_BYTES + wordLength).split('\n');
  const rankOf = new Map<string, number>();
  words.forEach((word, rank) => {
    if (!rankOf.has(word)) {
      rankOf.set(word, rank);
    }
  });
  // Copies so the typed arrays are aligned whatever the Buffer's pool offset.
  const scales = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    scales[i] = bytes.readFloatLE(scaleAt + i * 4);
  }
  const values = new Int8Array(
    bytes.buffer.slice(bytes.byteOffset + valueAt, bytes.byteOffset + bytes.length),
  );
  return { dimensions, words, rankOf, scales, values };
}
