import { access } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddingProvider } from './embedding-provider.js';

export interface SentenceTransformerSpec {
  /** The local model folder (EMBEDDING_MODEL_DIR) holding `<model>/`. */
  modelDir: string;
  /** The model's folder name under modelDir, also the name written into the index. */
  model: string;
  batchSize?: number;
}

const DEFAULT_BATCH = 32;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * The ONNX weights the folder ships: `onnx/model.onnx` (fp32) when present,
 * else `onnx/model_quantized.onnx` (int8), as exported by Optimum.
 */
export async function dtypeOf(
  home: string,
  kind = 'sentence_transformer_local',
): Promise<'fp32' | 'q8'> {
  if (await exists(path.join(home, 'onnx', 'model.onnx'))) {
    return 'fp32';
  }
  if (await exists(path.join(home, 'onnx', 'model_quantized.onnx'))) {
    return 'q8';
  }
  throw new Error(`${kind}: no onnx/model.onnx or onnx/model_quantized.onnx in ${home}`);
}

/**
 * A sentence-transformer run locally through transformers.js: the model's
 * tokenizer and ONNX graph from `<modelDir>/<model>/`, never a download
 * (`allowRemoteModels` off). Texts are mean-pooled over their tokens and
 * L2-normalised, as sentence-transformers does.
 */
export async function createSentenceTransformerProvider(
  spec: SentenceTransformerSpec,
): Promise<EmbeddingProvider> {
  if (spec.model.split(/[\\/]/).some((part) => part === '..' || part === '')) {
    throw new Error(`sentence_transformer_local: "${spec.model}" is not a model folder name`);
  }
  const home = path.join(spec.modelDir, spec.model);
  const dtype = await dtypeOf(home);
  const transformers = await import('@huggingface/transformers');
  // The library's settings are process-wide; a provider only ever reads local files.
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = spec.modelDir;
  const extractor = await transformers.pipeline('feature-extraction', spec.model, {
    dtype,
    local_files_only: true,
  });
  const run = async (texts: string[]): Promise<Float32Array[]> => {
    const output = await extractor(texts, { pooling: 'mean', normalize: true });
    const [rows, width] = output.dims as [number, number];
    const data = output.data as Float32Array;
    return Array.from({ length: rows }, (_, i) => data.slice(i * width, (i + 1) * width));
  };
  const [probe] = await run(['dimension probe']);
  const batch = spec.batchSize ?? DEFAULT_BATCH;
  return {
    kind: 'sentence_transformer_local',
    model: spec.model,
    dimensions: probe?.length ?? 0,
    embed: async (texts) => {
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batch) {
        vectors.push(...(await run(texts.slice(i, i + batch))));
      }
      return vectors;
    },
  };
}
