import { z } from 'zod';
import type { ProviderProtocol } from '../manifest.js';

/**
 * The provider types an ML or embedding enricher may name at
 * enrichers.<id>.provider.type (spec 03). Each runs locally, so a run never
 * downloads anything: the `_local` types load model files the operator
 * installs; `static_word_vectors` and `word_vector_nli` need nothing but
 * this build (the word vectors ship with packages/providers), which is what
 * the packaged profiles name. `params_schema` validates the rest of the
 * provider block.
 */
export interface ProviderType {
  name: string;
  protocol: ProviderProtocol;
  description: string;
  params: z.ZodObject;
}

const modelDir = z
  .string()
  .min(1)
  .max(4096)
  .describe(
    'Local folder holding model folders (config.json, tokenizer, onnx/model_quantized.onnx)',
  );

const model = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)?$/, 'a model folder name, optionally org/name')
  .max(200)
  .describe('The model folder under model_dir');

export const PROVIDER_TYPES: readonly ProviderType[] = [
  {
    name: 'static_word_vectors',
    protocol: 'EmbeddingProvider',
    description:
      'Pretrained GloVe word vectors shipped with the build, SIF-weighted mean per text ' +
      '(the search index default); offline, no model to install',
    params: z.object({}),
  },
  {
    name: 'word_vector_nli',
    protocol: 'NliScorer',
    description:
      'Contradiction estimated from word-vector similarity and negation or opposite words; ' +
      'offline and rough, so an accuracy-gated enricher needs a recorded evaluation first',
    params: z.object({}),
  },
  {
    name: 'sentence_transformer_local',
    protocol: 'EmbeddingProvider',
    description: 'Sentence embeddings from a local ONNX sentence-transformer (transformers.js)',
    params: z.object({ model_dir: modelDir, model }),
  },
  {
    name: 'deberta_local',
    protocol: 'NliScorer',
    description: 'Entailment and contradiction scores from a local ONNX DeBERTa NLI model',
    params: z.object({
      model_dir: modelDir,
      model,
      contradiction_threshold: z.number().min(0).max(1).optional(),
    }),
  },
];

/** The JSON Schema of one provider block: `type` fixed to the type's name, then its params. */
export function providerBlockSchema(type: ProviderType): Record<string, unknown> {
  const params = z.toJSONSchema(type.params, { target: 'draft-2020-12', io: 'input' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return {
    type: 'object',
    title: type.name,
    description: type.description,
    properties: { type: { const: type.name }, ...(params.properties ?? {}) },
    required: ['type', ...(params.required ?? [])],
    additionalProperties: false,
  };
}

/** Spec 03 provider-types: grouped by protocol. */
export function providerTypesByProtocol(types: readonly ProviderType[] = PROVIDER_TYPES) {
  const byProtocol: Record<
    string,
    Array<{
      name: string;
      protocol: string;
      description: string;
      params_schema: Record<string, unknown>;
    }>
  > = {};
  for (const type of types) {
    const group = byProtocol[type.protocol] ?? [];
    byProtocol[type.protocol] = group;
    group.push({
      name: type.name,
      protocol: type.protocol,
      description: type.description,
      params_schema: providerBlockSchema(type),
    });
  }
  return { by_protocol: byProtocol };
}

/** Why a provider block cannot serve `protocol`, or null when it can. */
export function providerBlockProblem(block: unknown, protocol: string): string | null {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) {
    return 'no provider block';
  }
  const { type, ...params } = block as Record<string, unknown>;
  const found = PROVIDER_TYPES.find((t) => t.name === type);
  if (found === undefined) {
    return `provider type ${String(type)} is not registered`;
  }
  if (found.protocol !== protocol) {
    return `provider type ${found.name} is a ${found.protocol}, not a ${protocol}`;
  }
  const parsed = found.params.safeParse(params);
  return parsed.success
    ? null
    : `provider.${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
}
