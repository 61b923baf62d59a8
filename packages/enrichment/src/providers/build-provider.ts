import { createDebertaScorer, createEmbeddingProvider } from '@podcast/providers';
import { PROVIDER_TYPES } from './provider-types.js';
import { wordVectorNliScorer } from './word-vector-nli.js';

/**
 * A lazy provider for an enricher block's `provider: {type, ...params}`:
 * built on the first call and shared after; the promise of a failed build
 * is dropped so a retry builds again.
 */
export function providerGetter(block: Record<string, unknown>): () => Promise<unknown> {
  let built: Promise<unknown> | undefined;
  return () => {
    built ??= buildProvider(block).catch((err: unknown) => {
      built = undefined;
      throw err;
    });
    return built;
  };
}

async function buildProvider(block: Record<string, unknown>): Promise<unknown> {
  const type = PROVIDER_TYPES.find((t) => t.name === block.type);
  if (type === undefined) {
    throw new Error(`provider type ${String(block.type)} is not registered`);
  }
  const params = type.params.parse(
    Object.fromEntries(Object.entries(block).filter(([k]) => k !== 'type')),
  );
  switch (type.name) {
    case 'static_word_vectors':
      return createEmbeddingProvider({ kind: 'static_word_vectors' });
    case 'word_vector_nli':
      return wordVectorNliScorer(await createEmbeddingProvider({ kind: 'static_word_vectors' }));
    case 'sentence_transformer_local':
      return createEmbeddingProvider({
        kind: 'sentence_transformer_local',
        modelDir: String(params.model_dir),
        model: String(params.model),
      });
    case 'deberta_local':
      return createDebertaScorer({
        modelDir: String(params.model_dir),
        model: String(params.model),
      });
    default:
      throw new Error(`provider type ${type.name} has no implementation in this build yet`);
  }
}
